import path from 'node:path';
import { loadConfig } from '../builder/config/loadConfig.js';
import { createDocsVersion, type CreatedVersion } from '../tools/docs-version/createVersion.js';

// `sitegen docs:version <name> [--plugin-id <id>]`: snapshots a docs instance as a new version (see
// createVersion.ts) and says what it wrote, with paths relative to the site folder.

export async function runDocsVersion(name: string, opts: { config: string; pluginId: string }): Promise<CreatedVersion> {
  const { config, siteDir, configFile } = await loadConfig({ configFile: opts.config });
  const created = createDocsVersion({ config, siteDir, name, pluginId: opts.pluginId, configFile });
  for (const line of describeVersion(created, siteDir)) console.log(line);
  return created;
}

export function describeVersion(created: CreatedVersion, siteDir: string): string[] {
  const rel = (p: string) => path.relative(siteDir, p).split(path.sep).join('/');
  const docs = (n: number) => `${n} doc${n === 1 ? '' : 's'}`;
  const instance = created.pluginId === 'default' ? '' : ` for the docs instance "${created.pluginId}"`;
  const where = path.resolve(siteDir) === process.cwd() ? '' : ` in ${siteDir}`;
  const lines = [`✔ Version ${created.name} created${instance}${where}:`];
  lines.push(`  ${rel(created.docsDir)} (${docs(created.docCount)})`);
  lines.push(`  ${created.sidebarsFile ? rel(created.sidebarsFile) : 'no versioned sidebars (the instance has no sidebar)'}`);
  for (const t of created.translations) {
    const parts = [t.docsDir ? `${rel(t.docsDir)} (${docs(t.docCount)})` : undefined, t.labelsFile ? rel(t.labelsFile) : undefined].filter(Boolean);
    lines.push(`  ${t.locale}: ${parts.join(', ')}`);
  }
  lines.push(`  ${rel(created.versionsFile)} now lists ${created.versions.join(', ')}`);
  return lines;
}
