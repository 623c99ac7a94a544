import type { PluginEntry } from './schema.js';
import { docsSchema, type DocsConfig } from '../plugins/docs/options.js';
import { describeIssue } from './navbarItems.js';
import { isDocsPlugin, readPluginEntry } from './pluginEntries.js';
import { PARSE_FEW } from '../parseFew.js';

// The site's docs instances, as Docusaurus declares them: `docs` (one options object or a list) and
// each `['@docusaurus/plugin-content-docs', { id, ... }]` entry of `plugins`, in that order. Ids must
// differ (they name the instance's translations folder and its navbar items' `docsPluginId`), and so
// must routeBasePath: two instances at one url would write each other's pages.

export interface DocsInstancesProblem {
  path: (string | number)[];
  message: string;
}

export function docsInstances(params: { docs: DocsConfig[]; plugins: PluginEntry[] }): { instances: DocsConfig[]; problems: DocsInstancesProblem[] } {
  const problems: DocsInstancesProblem[] = [];
  const declared: { config: DocsConfig; at: (string | number)[] }[] = params.docs.map((config, i) => ({ config, at: params.docs.length === 1 ? ['docs'] : ['docs', i] }));
  params.plugins.forEach((entry, i) => {
    // Other entries are Docusaurus plugins the build runs (config/pluginEntries.ts, plugins/docusaurus/).
    const read = readPluginEntry(entry);
    if (!read || !isDocsPlugin(read.module)) return;
    const options = read.options;
    const result = docsSchema.safeParse(options ?? {}, { ...PARSE_FEW, reportInput: true });
    if (!result.success) {
      for (const issue of result.error.issues) {
        const keyPath = issue.code === 'unrecognized_keys' ? [...(issue.path as (string | number)[]), issue.keys[0]] : (issue.path as (string | number)[]);
        problems.push({ path: ['plugins', i, 1, ...keyPath], message: describeIssue(issue) });
      }
      return;
    }
    declared.push({ config: result.data, at: ['plugins', i, 1] });
  });

  const byId = new Map<string, (string | number)[]>();
  const byBase = new Map<string, (string | number)[]>();
  for (const { config, at } of declared) {
    const sameId = byId.get(config.id);
    if (sameId) {
      problems.push({
        path: [...at, 'id'],
        message: `docs instance id "${config.id}" is already used by ${shown(sameId)}: give each docs instance its own \`id\` (one of them may keep "default")`,
      });
      continue;
    }
    byId.set(config.id, at);
    if (leavesSite(config.routeBasePath)) {
      problems.push({ path: [...at, 'routeBasePath'], message: leavesSiteMessage(config.routeBasePath) });
      continue;
    }
    const base = normalizeBase(config.routeBasePath);
    const sameBase = byBase.get(base);
    if (sameBase) {
      problems.push({
        path: [...at, 'routeBasePath'],
        message: `routeBasePath "${config.routeBasePath}" is already served by the docs instance of ${shown(sameBase)}: give each docs instance its own routeBasePath`,
      });
      continue;
    }
    byBase.set(base, at);
  }
  return { instances: declared.map((d) => d.config), problems };
}

/** "docs/", "/docs" and "docs" name one url prefix; "" and "/" the site root. */
export function normalizeBase(routeBasePath: string): string {
  return routeBasePath.replace(/^\/+|\/+$/g, '');
}

/**
 * A url prefix with a ".." segment (or its percent-encoding) would put every page of its content
 * outside the output folder: the config is to blame, not the first doc whose route shows it.
 */
export function leavesSite(routeBasePath: string): boolean {
  return routeBasePath.split(/[/\\]/).some((segment) => /^(\.|%2e){2}$/i.test(segment));
}

export function leavesSiteMessage(routeBasePath: string): string {
  return `routeBasePath "${routeBasePath}" leads out of the site (a ".." part): its pages would be written outside the output folder. Write a path below the site, such as "docs"`;
}

function shown(keyPath: (string | number)[]): string {
  return keyPath.map((k, i) => (typeof k === 'number' ? `[${k}]` : i ? `.${k}` : k)).join('');
}
