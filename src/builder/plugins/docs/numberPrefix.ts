// Docusaurus strips number prefixes used for ordering ("01-intro.md" → "intro", position 1), but not
// things that merely start with digits such as dates or versions ("2023-1-6-post", "1.0.0"). A docs
// instance with `numberPrefixParser: false`, or a doc with front matter `parse_number_prefixes: false`,
// takes names whole, as in Docusaurus.

const PREFIX = /^(?<n>\d+)\s*[-_.]+\s*(?<rest>[^-_.\s].*)$/;
const NOT_A_PREFIX = /^\d+[-_.]\d+/;

export function stripNumberPrefix(name: string): string {
  if (NOT_A_PREFIX.test(name)) return name;
  return PREFIX.exec(name)?.groups?.rest ?? name;
}

export function numberPrefix(name: string): number | undefined {
  if (NOT_A_PREFIX.test(name)) return undefined;
  const n = PREFIX.exec(name)?.groups?.n;
  return n === undefined ? undefined : Number(n);
}

/** How a file or folder name gives an id, a slug, a category label and a sidebar position. */
export interface NumberPrefixParser {
  strip(name: string): string;
  prefix(name: string): number | undefined;
}

export const NUMBER_PREFIXES: NumberPrefixParser = { strip: stripNumberPrefix, prefix: numberPrefix };
export const NO_NUMBER_PREFIXES: NumberPrefixParser = { strip: (name) => name, prefix: () => undefined };

/** The parser of a docs instance's `numberPrefixParser` option (false: none). */
export function numberPrefixParser(option: false | undefined): NumberPrefixParser {
  return option === false ? NO_NUMBER_PREFIXES : NUMBER_PREFIXES;
}
