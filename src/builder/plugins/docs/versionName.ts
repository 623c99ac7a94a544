// A version's name, checked as Docusaurus checks it (`docs:version`, versions.json): it becomes a
// folder (`versioned_docs/version-<name>`), a file name and a url segment, so it must be a plain,
// short file name. The messages keep Docusaurus's wording ("Invalid version name ...").

/** The working copy (the docs folder itself): never the name of a snapshot. */
export const CURRENT_VERSION_NAME = 'current';

const RULES: [RegExp, string][] = [
  [/[/\\]/, 'should not include slash (/) or backslash (\\)'],
  [/^.{33,}$/su, 'cannot be longer than 32 characters'],
  // eslint-disable-next-line no-control-regex
  [/[<>:"|?*\x00-\x1F]/, 'should be a valid file path (no < > : " | ? * or control characters)'],
  [/^\.\.?$/, 'should not be "." or ".."'],
];

/** Why `name` cannot name a new version (Docusaurus's message), or undefined when it can. */
export function versionNameProblem(name: string): string | undefined {
  if (!name.trim()) return `Invalid version name "${name}": version name must contain at least one non-whitespace character.`;
  for (const [pattern, message] of RULES) if (pattern.test(name)) return `Invalid version name "${name}": version name ${message}.`;
  if (name === CURRENT_VERSION_NAME) return `Invalid version name "${name}": "${CURRENT_VERSION_NAME}" is the name of the docs folder itself (the working copy), not of a snapshot.`;
  return undefined;
}
