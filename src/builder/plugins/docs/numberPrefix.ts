// Docusaurus strips number prefixes used for ordering ("01-intro.md" → "intro", position 1), but not
// things that merely start with digits such as dates or versions ("2023-1-6-post", "1.0.0").

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
