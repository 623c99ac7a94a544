// The docs plugin's entry for its own command (`sitegen docs:version`, src/tools/docs-version): what
// cutting a version needs of the plugin's files (its options' type, Docusaurus's versioned layout,
// versions.json, the sidebars file as a build reads and checks it, the translated docs' folders).
// The tool imports these from here, never the plugin's other modules (test/unit/architecture.test.ts).
export type { DocsConfig } from './options.js';
export { localizedDocsPath } from './content.js';
export { readSidebarsFile } from './sidebarsFile.js';
export { normalizeSidebars } from './sidebarsConfig.js';
export { readVersionsFile } from './versionsFile.js';
export { versionNameProblem } from './versionName.js';
export { versionsFilePath, versionedDocsPath, versionedSidebarsPath } from './versionLayout.js';
