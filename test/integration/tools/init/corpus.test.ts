import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../../../src/builder/build.js';
import { MemorySink } from '../../../../src/builder/output/sink.js';
import { initFromDocusaurus, type InitResult } from '../../../../src/tools/init/initFromDocusaurus.js';
import { corpusDir, referenceDir, repoRoot, requireShared } from '../../../helpers/paths.js';

// `sitegen init --from-docusaurus` on the reference corpus: its content, copied with a Docusaurus
// config written from its SITE.md (test/fixtures/shifu.dev-docusaurus), becomes a site config that
// builds every route Docusaurus built for it (the marketing pages aside: they are not in the corpus);
// so does the folder built as it stands, with no config of ours.

const MARKETING = /^\/(zh-Hans\/)?((bookDemo|demo|deployment|deployment\/plancard|disclaimer|product|product\/[a-z]+|subscribe|thanks)\/)?$/;
const work = path.join(repoRoot, 'node_modules/.cache/sitegen-test-init-corpus');
let siteDir: string;
let init: InitResult;
let result: BuildResult;
let inPlace: BuildResult;

beforeAll(async () => {
  requireShared();
  fs.mkdirSync(work, { recursive: true });
  siteDir = fs.mkdtempSync(path.join(work, 'site-'));
  fs.cpSync(corpusDir, siteDir, { recursive: true });
  // A Docusaurus site has a package.json of its own (its CommonJS config is not read as an ES module).
  fs.writeFileSync(path.join(siteDir, 'package.json'), '{ "name": "shifu-dev-corpus", "private": true }\n');
  for (const f of ['docusaurus.config.js', 'sidebars.js']) fs.copyFileSync(path.join(repoRoot, 'test/fixtures/shifu.dev-docusaurus', f), path.join(siteDir, f));
  // Built in its folder first, with no config of ours (the config loader reads docusaurus.config.js).
  inPlace = await build({ configFile: path.join(siteDir, 'site.config.ts'), sink: new MemorySink() });
  init = await initFromDocusaurus({ dir: siteDir });
  result = await build({ configFile: init.siteConfig, sink: new MemorySink() });
}, 240_000);

afterAll(() => {
  if (siteDir) fs.rmSync(siteDir, { recursive: true, force: true });
});

describe('init --from-docusaurus on the reference corpus', () => {
  it('carries the config over, noting what sitegen has not', () => {
    expect(init.config.blogs).toEqual([
      { id: 'news', path: 'blog-news', routeBasePath: 'news', blogSidebarTitle: 'All posts', blogSidebarCount: 'ALL', onUntruncatedBlogPosts: 'ignore', title: 'News' },
      { id: 'technical-blogs', path: 'blog-tech', routeBasePath: 'technical-blogs', blogSidebarTitle: 'All posts', blogSidebarCount: 'ALL', onUntruncatedBlogPosts: 'ignore', title: 'Tech Blog' },
    ]);
    expect(init.config.search).toEqual({ language: ['en', 'zh'] });
    expect(init.notes.map((n) => n.key)).toEqual(['organizationName', 'projectName']);
    expect((init.config.themeConfig as { docs?: unknown }).docs).toEqual({ sidebar: { hideable: true } });
  });

  it('builds every route of the reference except the marketing pages, and no other, without warnings', () => {
    const expected = fs
      .readFileSync(path.join(referenceDir, 'shifu.dev-docusaurus-routes.txt'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .filter((r) => !MARKETING.test(r))
      .sort();
    const ours = result.rendered.map((r) => decodeURI(r.page.route.endsWith('.html') ? r.page.route : r.page.route.replace(/\/?$/, '/'))).sort();
    expect(ours).toEqual(expected);
    expect(result.warnings).toEqual([]);
  });

  it('builds the same routes in its folder with no config of ours, warning once of each option left out', () => {
    const routes = (r: BuildResult) => r.rendered.map((p) => p.page.route).sort();
    expect(routes(inPlace)).toEqual(routes(result));
    expect(inPlace.warnings.map((w) => w.message)).toEqual(['organizationName: not carried over: used by `docusaurus deploy` only', 'projectName: not carried over: used by `docusaurus deploy` only']);
  });
});
