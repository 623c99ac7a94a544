import { describe, expect, it } from 'vitest';
import { makeSite, buildSite, pagePayload } from '../../../../helpers/site.js';
import type { DocTagPageData, DocTagsPageData, DocPageData } from '../../../../../src/shared/types.js';

// Docs tags as Docusaurus makes them: /docs/tags (the version's tags) and /docs/tags/<slug> (a tag's
// docs), the slug from lodash's kebabCase or the tags file's permalink; a doc shows its tags' links;
// onInlineTags reports the tags tags.yml does not define; a tag of unlisted docs only is unlisted.

const site = () =>
  makeSite(
    {
      'docs/intro.md': '---\ntags: [release-v1.11, getting-started]\ndescription: Start here\n---\n# Intro\n\nText.\n',
      'docs/guide.md': '---\ntags: [getting-started, Héllo World]\n---\n# Guide\n\nText.\n',
      'docs/hidden.md': '---\ntags: [secret]\nunlisted: true\n---\n# Hidden\n\nText.\n',
      'docs/tags.yml': 'getting-started:\n  label: Getting started\n  description: First steps\n  permalink: /start\nrelease-v1.11:\nsecret:\n',
    },
    { docs: { sidebarPath: false } },
  );

describe('docs tags', () => {
  it('builds the tags list and a page per tag, with Docusaurus urls', async () => {
    const { configFile } = site();
    const { result, sink } = await buildSite(configFile);
    const tagRoutes = result.rendered.map((r) => r.page.route).filter((r) => r.startsWith('/docs/tags'));
    expect(tagRoutes.sort()).toEqual(['/docs/tags', '/docs/tags/hello-world', '/docs/tags/release-v-1-11', '/docs/tags/secret', '/docs/tags/start']);
    expect(result.warnings.map((w) => w.message)).toEqual(['Tags [Héllo World] are not defined in tags.yml']);

    const list = pagePayload(sink.read('docs/tags/index.html')!).page.content as DocTagsPageData;
    expect(list.tags).toEqual([
      { label: 'Getting started', permalink: '/docs/tags/start', count: 2 },
      { label: 'Héllo World', permalink: '/docs/tags/hello-world', count: 1 },
      { label: 'Release-v1.11', permalink: '/docs/tags/release-v-1-11', count: 1 },
    ]);
    const start = pagePayload(sink.read('docs/tags/start/index.html')!).page;
    expect((start.content as DocTagPageData).docs).toEqual([
      { title: 'Guide', permalink: '/docs/guide' },
      { title: 'Intro', permalink: '/docs/intro', description: 'Start here' },
    ]);
    expect((start.content as DocTagPageData).description).toBe('First steps');
    expect(pagePayload(sink.read('docs/tags/secret/index.html')!).page.head.noindex).toBe(true);
    expect((pagePayload(sink.read('docs/intro/index.html')!).page.content as DocPageData).tags).toEqual([
      { label: 'Release-v1.11', permalink: '/docs/tags/release-v-1-11' },
      { label: 'Getting started', permalink: '/docs/tags/start' },
    ]);
  });
});
