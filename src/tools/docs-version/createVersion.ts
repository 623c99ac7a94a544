import fs from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../../builder/config/schema.js';
import { SitegenError, type Problem } from '../../builder/errors.js';
import { readText } from '../../builder/content/readText.js';
import { lineMatching } from '../../builder/content/lineMatching.js';
import { copyTree, isWithin } from '../../builder/output/copyTree.js';
import { StagedWrites, recoverStagedWrites } from '../../builder/output/stagedWrites.js';
import { markdownFileMatcher } from '../../builder/content/files.js';
import {
  localizedDocsPath,
  normalizeSidebars,
  readSidebarsFile,
  readVersionsFile,
  versionNameProblem,
  versionsFilePath,
  versionedDocsPath,
  versionedSidebarsPath,
  type DocsConfig,
} from '../../builder/plugins/docs/public.js';

// `sitegen docs:version <name>`: the working copy of a docs instance frozen as a new version, in
// Docusaurus's layout (versionLayout.ts) so that Docusaurus and sitegen both read it. Everything is
// checked before anything is written; then the docs folder, each locale's translated docs and labels
// and the sidebars are written (each under a temporary name, renamed once complete), versions.json
// last, so that a failure never leaves a half version listed; any failure removes what was written,
// and what a run killed before versions.json named its version had written is removed by the next run.

export interface CreatedVersion {
  name: string;
  pluginId: string;
  docsDir: string;
  docCount: number;
  /** Absent when the instance has no sidebar (`sidebarPath: false`, or an empty sidebars file). */
  sidebarsFile?: string;
  translations: { locale: string; docsDir?: string; docCount: number; labelsFile?: string }[];
  versionsFile: string;
  /** versions.json after the command, newest first. */
  versions: string[];
}

type Messages = Record<string, { message: string; description?: string }>;

interface Plan {
  docs: { from: string; to: string };
  /** Which copied files are docs (the instance's include and exclude), to count them. */
  isDoc: (rel: string) => boolean;
  sidebars?: { file: string; value: unknown };
  translations: { locale: string; docs?: { from: string; to: string }; labels?: { file: string; messages: Messages } }[];
  versionsFile: string;
  versions: string[];
  /** Every folder and file the version adds (not versions.json, which it replaces). */
  targets: string[];
}

export function createDocsVersion(params: { config: SiteConfig; siteDir: string; name: string; pluginId?: string; configFile?: string }): CreatedVersion {
  const docs = pickInstance(params.config, params.pluginId ?? 'default', params.configFile);
  // A version exists once versions.json lists it: a killed run's files without that are not one.
  recoverStagedWrites({
    anchor: versionsFilePath({ siteDir: params.siteDir, pluginId: docs.id }),
    done: (name) => (readVersionsFile({ siteDir: params.siteDir, pluginId: docs.id })?.names ?? []).includes(name),
  });
  const plan = planVersion({ ...params, docs });
  const allowed = (from: string) => [params.siteDir, from];
  const staged = new StagedWrites();
  try {
    staged.begin({ anchor: plan.versionsFile, tag: params.name, targets: plan.targets });
    const copied = staged.dir(plan.docs.to, (tmp) => copyTree({ from: plan.docs.from, to: tmp, allowed: allowed(plan.docs.from) }));
    const translations = plan.translations.map((t) => {
      const files = t.docs ? staged.dir(t.docs.to, (tmp) => copyTree({ from: t.docs!.from, to: tmp, allowed: allowed(t.docs!.from) })) : [];
      if (t.labels) staged.file(t.labels.file, json(t.labels.messages));
      return { locale: t.locale, docsDir: t.docs?.to, docCount: files.filter(plan.isDoc).length, labelsFile: t.labels?.file };
    });
    if (plan.sidebars) staged.file(plan.sidebars.file, json(plan.sidebars.value));
    staged.file(plan.versionsFile, json(plan.versions), { replaces: true });
    staged.finish();
    return {
      name: params.name,
      pluginId: params.pluginId ?? 'default',
      docsDir: plan.docs.to,
      docCount: copied.filter(plan.isDoc).length,
      sidebarsFile: plan.sidebars?.file,
      translations,
      versionsFile: plan.versionsFile,
      versions: plan.versions,
    };
  } catch (e) {
    staged.rollback();
    throw e;
  }
}

/** Every check, and what to write; throws a SitegenError (nothing written) when the version cannot be made. */
function planVersion(params: { config: SiteConfig; siteDir: string; name: string; docs: DocsConfig; configFile?: string }): Plan {
  const { config, siteDir, name, configFile, docs } = params;
  const pluginId = docs.id;
  const tag = pluginId === 'default' ? '[docs]' : `[${pluginId}]`;
  const refuse = (problem: Problem): never => {
    throw new SitegenError(`Cannot create version "${name}" of ${pluginId === 'default' ? 'the docs' : `the docs instance "${pluginId}"`}`, [problem]);
  };

  if (docs.disableVersioning) {
    refuse({
      message: `${tag}: the docs instance sets \`disableVersioning: true\`: its versions are never built, so a snapshot would be ignored`,
      file: configFile,
      line: configFile ? lineMatching(configFile, /\bdisableVersioning\s*:\s*true/) : undefined,
      hint: 'Remove `disableVersioning: true` from the instance in the config to version its docs, then run the command again.',
    });
  }
  const invalid = versionNameProblem(name);
  if (invalid) refuse({ message: `${tag}: ${invalid}`, hint: 'Name the version like a release, a plain file name of at most 32 characters: `sitegen docs:version 1.2.0`.' });

  const versionsFile = versionsFilePath({ siteDir, pluginId });
  const listed = readVersionsFile({ siteDir, pluginId })?.names ?? [];
  if (listed.includes(name)) {
    refuse({
      message: `${tag}: this version already exists! ${path.basename(versionsFile)} lists ${listed.join(', ')}`,
      file: versionsFile,
      hint: `Use a version name that does not exist yet. To cut "${name}" again, remove it from ${path.basename(versionsFile)} and delete its versioned folders first.`,
    });
  }

  const from = path.resolve(siteDir, docs.path);
  if (!isNonEmptyDir(from)) refuse({ message: `${tag}: no docs found in path=${from}.`, file: configFile, hint: "Write the docs first, or fix the instance's `path` option." });

  const plan: Plan = {
    docs: { from, to: versionedDocsPath({ siteDir, pluginId, versionName: name }) },
    isDoc: markdownFileMatcher(docs),
    sidebars: versionedSidebars({ siteDir, docs, name }),
    translations: [],
    versionsFile,
    versions: [name, ...listed],
    targets: [],
  };
  for (const locale of config.i18n.locales) {
    if (locale === config.i18n.defaultLocale) continue;
    const pluginDir = path.dirname(localizedDocsPath({ siteDir, i18nDir: config.i18nDir, locale, pluginId, versionName: 'current' }));
    const currentDir = path.join(pluginDir, 'current');
    const currentLabels = path.join(pluginDir, 'current.json');
    const docsCopy = isNonEmptyDir(currentDir) ? { from: currentDir, to: path.join(pluginDir, `version-${name}`) } : undefined;
    const labels = fs.existsSync(currentLabels) ? { file: path.join(pluginDir, `version-${name}.json`), messages: versionLabels(currentLabels, name) } : undefined;
    if (docsCopy || labels) plan.translations.push({ locale, docs: docsCopy, labels });
  }

  const targets = [plan.docs.to, ...(plan.sidebars ? [plan.sidebars.file] : []), ...plan.translations.flatMap((t) => [t.docs?.to, t.labels?.file].filter((p): p is string => !!p))];
  plan.targets = targets;
  for (const target of [...targets, versionsFile]) {
    if (!insideSite(target, siteDir)) {
      refuse({
        message: `${tag}: ${target} is outside the site folder ${siteDir}`,
        file: configFile,
        hint: 'The plugin id or the i18nDir option leads out of the site folder: keep them inside it (no "..").',
      });
    }
  }
  for (const copy of [plan.docs, ...plan.translations.flatMap((t) => (t.docs ? [t.docs] : []))]) {
    if (isWithin(realParent(copy.to), fs.realpathSync(copy.from))) {
      refuse({
        message: `${tag}: the folder ${copy.from} would contain its own copy ${copy.to}`,
        file: configFile,
        hint: "Give the docs a folder of their own (the instance's `path`, e.g. docs/), not the site folder.",
      });
    }
  }
  const existing = targets.filter((t) => fs.existsSync(t));
  if (existing.length) {
    throw new SitegenError(
      `Cannot create version "${name}" of ${pluginId === 'default' ? 'the docs' : `the docs instance "${pluginId}"`}: its files already exist`,
      existing.map((file) => ({
        message: `${tag}: ${path.relative(siteDir, file)} already exists, though ${path.basename(versionsFile)} does not list "${name}"`,
        file,
        hint: 'An interrupted run or a copy by hand left it: delete it to cut the version again, or choose another name.',
      })),
    );
  }
  return plan;
}

function pickInstance(config: SiteConfig, pluginId: string, configFile: string | undefined): DocsConfig {
  if (!config.docs.length) {
    throw new SitegenError('This site has no docs to version', [
      { message: 'the config sets `docs: false` and declares no @docusaurus/plugin-content-docs plugin', file: configFile, hint: 'Configure a docs instance (`docs: { path: "docs" }`) first.' },
    ]);
  }
  const docs = config.docs.find((d) => d.id === pluginId);
  if (!docs) {
    throw new SitegenError(`Unknown docs instance "${pluginId}"`, [
      {
        message: `the site's docs instances are: ${config.docs.map((d) => d.id).join(', ')}`,
        file: configFile,
        hint: 'Pass one of them with --plugin-id (the `id` of a docs instance; "default" when it sets none).',
      },
    ]);
  }
  return docs;
}

/** The sidebars a version keeps: the sidebars file as it loads (autogenerated items stay so), or the default autogenerated one. */
function versionedSidebars(params: { siteDir: string; docs: DocsConfig; name: string }): Plan['sidebars'] {
  const { siteDir, docs, name } = params;
  const file = versionedSidebarsPath({ siteDir, pluginId: docs.id, versionName: name });
  if (docs.sidebarPath === false) return undefined;
  if (docs.sidebarPath === undefined) return { file, value: { [docs.sidebarId]: [{ type: 'autogenerated', dirName: '.' }] } };
  const source = path.resolve(siteDir, docs.sidebarPath);
  const value = readSidebarsFile(source);
  // Checked as a build checks it, so that a broken sidebars file is not frozen into a version.
  normalizeSidebars(value, source);
  // As Docusaurus: an empty sidebars object writes no file.
  return Object.keys(value as object).length ? { file, value } : undefined;
}

/** The working copy's labels (current.json) for the new version: its `version.label` is the version's name. */
function versionLabels(file: string, name: string): Messages {
  let messages: unknown;
  try {
    messages = JSON.parse(readText(file));
  } catch (e) {
    if (e instanceof SitegenError) throw e;
    throw new SitegenError('Invalid translation file', [
      { message: (e as Error).message, file, hint: 'A translation file is one JSON object: { "<id>": { "message": "...", "description": "..." } }.' },
    ]);
  }
  if (typeof messages !== 'object' || messages === null || Array.isArray(messages)) {
    throw new SitegenError('Invalid translation file', [
      { message: 'expected one JSON object of messages', file, hint: 'A translation file is one JSON object: { "<id>": { "message": "...", "description": "..." } }.' },
    ]);
  }
  const current = messages as Messages;
  // An author's description is kept; the one write-translations generates names the version, so it follows.
  const description = current['version.label']?.description;
  const generated = description === undefined || description === 'The label for version current';
  return { ...current, 'version.label': { ...current['version.label'], message: name, description: generated ? `The label for version ${name}` : description } };
}

function insideSite(target: string, siteDir: string): boolean {
  return isWithin(path.resolve(target), path.resolve(siteDir)) && isWithin(realParent(target), fs.realpathSync(siteDir));
}

/** The real path of `p`, resolved through its nearest existing ancestor (where it will be created). */
function realParent(p: string): string {
  let existing = path.resolve(p);
  while (!fs.existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
  return path.join(fs.realpathSync(existing), path.relative(existing, path.resolve(p)));
}

function isNonEmptyDir(dir: string): boolean {
  return fs.existsSync(dir) && fs.statSync(dir).isDirectory() && fs.readdirSync(dir).length > 0;
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
