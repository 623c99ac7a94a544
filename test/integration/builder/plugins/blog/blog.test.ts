import { describe, expect, it, beforeAll } from 'vitest';
import { makeSite, buildSite } from '../../../../helpers/site.js';
import type { MemorySink } from '../../../../../src/builder/output/sink.js';
import type { BuildResult } from '../../../../../src/builder/build.js';
import type { BlogListPageData, BlogPostPageData, BlogArchivePageData } from '../../../../../src/shared/types.js';

let sink: MemorySink;
let result: BuildResult;

const post = (i: number) =>
  `---\ntitle: Post ${i}\ntags: [mqtt${i % 2 ? ', edge' : ''}]\nauthors:\n  - name: Ada\n    title: Engineer\n---\nIntro ${i}.\n\n<!--truncate-->\n\n## Details\n\nMore text ${i}.\n`;

beforeAll(async () => {
  const files: Record<string, string> = {
    'docs/intro.md': '# Intro\n',
    'blog/2023-1-6-rtsp101.md': '# RTSP 101\n\nNo front matter: date and slug from the file name, title from the heading.\n\n## Setup\n',
    'blog/2022-12-31-Hello World.md': '---\ndescription: First post\n---\n# Hello World\n\nText.\n',
    'blog/2021-05-01-custom.md': '---\ntitle: Custom\nslug: my/custom-slug\ndate: 2021-05-02\n---\nBody.\n',
    'blog/2020-01-01-hidden.md': '---\ntitle: Hidden\nunlisted: true\n---\nSecret.\n',
    'i18n/zh-Hans/docusaurus-plugin-content-blog-news/2023-1-6-rtsp101.md': '# RTSP 入门\n\n中文内容。\n',
    'i18n/zh-Hans/docusaurus-plugin-content-blog-news/options.json': '{"title": {"message": "新闻"}, "sidebar.title": {"message": "全部文章"}}',
  };
  for (let i = 1; i <= 12; i++) files[`blog/2019-02-${String(i).padStart(2, '0')}-post-${i}.md`] = post(i);
  const { configFile } = makeSite(files, {
    i18n: { defaultLocale: 'en', locales: ['en', 'zh-Hans'] },
    blogs: [{ id: 'news', path: 'blog', routeBasePath: 'news', title: 'News', postsPerPage: 10 }],
  });
  ({ sink, result } = await buildSite(configFile));
}, 60_000);

const page = (route: string) => result.rendered.find((r) => r.page.route === route)?.page;

describe('blog plugin', () => {
  it('takes date and slug from the file name and the title from the first heading', () => {
    const p = page('/news/2023/1/6/rtsp101')!.content as BlogPostPageData;
    expect(p.post.title).toBe('RTSP 101');
    expect(p.post.date).toBe('2023-01-06T00:00:00.000Z');
    expect(page('/news/2023/1/6/rtsp101')!.bodyHtml).not.toContain('<h1');
    expect(sink.read('news/2022/12/31/Hello World/index.html')).toContain('Hello World');
  });

  it('honours slug and date from front matter', () => {
    const p = page('/news/my/custom-slug')!.content as BlogPostPageData;
    expect(p.post.date).toBe('2021-05-02T00:00:00.000Z');
  });

  it('paginates the list newest first, with excerpts cut at <!--truncate-->', () => {
    const first = page('/news')!.content as BlogListPageData;
    expect(first.posts).toHaveLength(10);
    expect(first.posts[0].permalink).toBe('/news/2023/1/6/rtsp101');
    expect(first.nextPage).toBe('/news/page/2');
    const second = page('/news/page/2')!.content as BlogListPageData;
    expect(second.posts.map((p) => p.title)).toEqual(['Post 5', 'Post 4', 'Post 3', 'Post 2', 'Post 1']);
    expect(second.posts[0].excerptHtml).toBe('<p>Intro 5.</p>');
    expect(second.posts[0].truncated).toBe(true);
  });

  it('groups the archive by year and leaves unlisted posts out of lists, archive and feeds', () => {
    const archive = page('/news/archive')!.content as BlogArchivePageData;
    expect(archive.years.map((y) => y.year)).toEqual(['2023', '2022', '2021', '2019']);
    const all = JSON.stringify(archive) + sink.read('news/rss.xml') + JSON.stringify(page('/news'));
    expect(all).not.toContain('Hidden');
    expect(page('/news/2020/01/01/hidden')!.head.noindex).toBe(true);
  });

  it('has a sidebar titled "All posts" listing every post', () => {
    const p = page('/news/2023/1/6/rtsp101')!.content as BlogPostPageData;
    expect(p.sidebar.title).toBe('All posts');
    expect(p.sidebar.items).toHaveLength(15);
  });

  it('makes tag pages, authors and reading time', () => {
    const tag = page('/news/tags/edge')!.content as BlogListPageData;
    expect(tag.tag).toEqual({ label: 'edge', allTagsPath: '/news/tags', count: 6 });
    expect(page('/news/tags')).toBeDefined();
    const p = page('/news/2019/02/01/post-1')!.content as BlogPostPageData;
    expect(p.post.authors).toEqual([{ name: 'Ada', title: 'Engineer' }]);
    expect(p.post.readingTime).toBe(1);
  });

  it('writes an RSS and an Atom feed per blog and locale', () => {
    expect(sink.read('news/rss.xml')).toMatch(/<rss version="2.0"[\s\S]*<title>RTSP 101<\/title>/);
    expect(sink.read('news/atom.xml')).toMatch(/<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">[\s\S]*<entry>/);
    expect(sink.read('zh-Hans/news/rss.xml')).toContain('RTSP 入门');
  });

  it("links every page of a blog to that blog's feeds in its head, titled with the translated blog title", () => {
    const en = sink.read('news/index.html')!;
    expect(en).toContain('<link rel="alternate" type="application/rss+xml" href="/news/rss.xml" title="Test Site News RSS Feed">');
    expect(en).toContain('<link rel="alternate" type="application/atom+xml" href="/news/atom.xml" title="Test Site News Atom Feed">');
    for (const file of ['news/2019/02/01/post-1/index.html', 'news/archive/index.html', 'news/tags/edge/index.html']) expect(sink.read(file)).toContain('href="/news/rss.xml"');
    const zh = sink.read('zh-Hans/news/2023/1/6/rtsp101/index.html')!;
    expect(zh).toContain('<link rel="alternate" type="application/rss+xml" href="/zh-Hans/news/rss.xml" title="Test Site 新闻 RSS Feed">');
    expect(zh).toContain('<link rel="alternate" type="application/atom+xml" href="/zh-Hans/news/atom.xml" title="Test Site 新闻 Atom Feed">');
    expect(sink.read('docs/intro/index.html')).not.toMatch(/application\/(rss|atom)\+xml/);
  });

  it('titles the Chinese tab, feeds and sidebar from options.json', () => {
    expect(sink.read('zh-Hans/news/index.html')).toContain('<title>新闻 | Test Site</title>');
    expect(sink.read('zh-Hans/news/rss.xml')).toContain('<title>Test Site 新闻</title>');
    expect(sink.read('zh-Hans/news/atom.xml')).toContain('<title>Test Site 新闻</title>');
    expect(sink.read('zh-Hans/news/index.html')).toContain('<div class="blog-sidebar-title">全部文章</div>');
    expect(sink.read('news/rss.xml')).toContain('<title>Test Site News</title>');
  });

  it('reads translated posts and blog titles, falling back to the default-locale post', () => {
    const zh = page('/zh-Hans/news/2023/1/6/rtsp101')!.content as BlogPostPageData;
    expect(zh.post.title).toBe('RTSP 入门');
    expect(zh.sidebar.title).toBe('全部文章');
    expect((page('/zh-Hans/news')!.content as BlogListPageData).title).toBe('新闻');
    expect((page('/zh-Hans/news/2022/12/31/Hello World')!.content as BlogPostPageData).post.title).toBe('Hello World');
  });
});

describe('blog feed links', () => {
  it('follow feedOptions: only the feed types written, under their own title; none without feeds', async () => {
    const { configFile } = makeSite(
      { 'docs/intro.md': '# Intro\n', 'notes/2024-01-01-a.md': '# A\n', 'log/2024-01-01-b.md': '# B\n' },
      {
        blogs: [
          { id: 'notes', path: 'notes', routeBasePath: 'notes', title: 'Notes', feedOptions: { type: 'rss', title: 'Field notes' } },
          { id: 'log', path: 'log', routeBasePath: 'log', title: 'Log', feedOptions: { type: null } },
        ],
      },
    );
    const { sink } = await buildSite(configFile);
    const notes = sink.read('notes/index.html')!;
    expect(notes).toContain('<link rel="alternate" type="application/rss+xml" href="/notes/rss.xml" title="Field notes RSS Feed">');
    expect(notes).not.toContain('atom.xml');
    expect(sink.read('notes/atom.xml')).toBeUndefined();
    expect(sink.read('log/index.html')).not.toMatch(/application\/(rss|atom)\+xml/);
  });
});

describe('blog reading time', () => {
  it('is shown in the list and on the post by default, and nowhere with showReadingTime: false', async () => {
    const { configFile } = makeSite(
      { 'docs/intro.md': '# Intro\n', 'notes/2024-01-01-a.md': '# A\n\nA few words.\n', 'log/2024-01-01-b.md': '# B\n\nA few words.\n' },
      {
        blogs: [
          { id: 'notes', path: 'notes', routeBasePath: 'notes', title: 'Notes' },
          { id: 'log', path: 'log', routeBasePath: 'log', title: 'Log', showReadingTime: false },
        ],
      },
    );
    const { sink } = await buildSite(configFile);
    const meta = (html: string | undefined) => /<div class="blog-post-meta">(.*?)<\/div>/.exec(html ?? '')?.[1];
    expect(meta(sink.read('notes/index.html'))).toBe('<time dateTime="2024-01-01T00:00:00.000Z">January 1, 2024</time><span> · </span><span>One min read</span>');
    expect(meta(sink.read('notes/2024/01/01/a/index.html'))).toContain('One min read');
    expect(meta(sink.read('log/index.html'))).toBe('<time dateTime="2024-01-01T00:00:00.000Z">January 1, 2024</time>');
    expect(meta(sink.read('log/2024/01/01/b/index.html'))).toBe('<time dateTime="2024-01-01T00:00:00.000Z">January 1, 2024</time>');
  });
});

describe('blog edit links', () => {
  it("lead to the post in the blog folder, and with editLocalizedFiles a translated post's to its translation", async () => {
    const files = {
      'docs/intro.md': '# Intro\n',
      'notes/2024-01-01-a.md': '# A\n',
      'notes/2024-02-01-b.md': '# B\n',
      'i18n/zh-Hans/docusaurus-plugin-content-blog-notes/2024-01-01-a.md': '# 甲\n',
    };
    const config = (extra: Record<string, unknown>) => ({
      i18n: { defaultLocale: 'en', locales: ['en', 'zh-Hans'] },
      blogs: [{ id: 'notes', path: 'notes', routeBasePath: 'notes', editUrl: 'https://git.example/site/edit/main/', ...extra }],
    });
    const editUrl = (r: BuildResult, route: string) => (r.rendered.find((p) => p.page.route === route)!.page.content as BlogPostPageData).editUrl;
    const { result: plain } = await buildSite(makeSite(files, config({})).configFile);
    expect(editUrl(plain, '/zh-Hans/notes/2024/01/01/a')).toBe('https://git.example/site/edit/main/notes/2024-01-01-a.md');
    const { result: localized } = await buildSite(makeSite(files, config({ editLocalizedFiles: true })).configFile);
    expect(editUrl(localized, '/zh-Hans/notes/2024/01/01/a')).toBe('https://git.example/site/edit/main/i18n/zh-Hans/docusaurus-plugin-content-blog-notes/2024-01-01-a.md');
    expect(editUrl(localized, '/zh-Hans/notes/2024/02/01/b')).toBe('https://git.example/site/edit/main/notes/2024-02-01-b.md');
    expect(editUrl(localized, '/notes/2024/01/01/a')).toBe('https://git.example/site/edit/main/notes/2024-01-01-a.md');
  });
});

describe('blog order and paths (sortPosts, pageBasePath, archiveBasePath: null)', () => {
  it('lists oldest first with sortPosts: ascending, pages the lists below pageBasePath, and has no archive with archiveBasePath: null', async () => {
    const files: Record<string, string> = { 'docs/intro.md': '# Intro\n' };
    for (let i = 1; i <= 3; i++) files[`notes/2024-0${i}-01-n${i}.md`] = `---\ntitle: Note ${i}\ntags: [edge]\n---\nText ${i}.\n\n<!-- truncate -->\n`;
    const { configFile } = makeSite(files, {
      blogs: [{ id: 'notes', path: 'notes', routeBasePath: 'notes', postsPerPage: 2, pageBasePath: 'p', sortPosts: 'ascending', archiveBasePath: null, feedOptions: { type: 'rss', limit: 1 } }],
    });
    const { sink, result } = await buildSite(configFile);
    const content = <T>(route: string) => result.rendered.find((r) => r.page.route === route)?.page.content as T | undefined;
    const first = content<BlogListPageData>('/notes')!;
    expect(first.posts.map((p) => p.title)).toEqual(['Note 1', 'Note 2']);
    expect(first.nextPage).toBe('/notes/p/2');
    expect(content<BlogListPageData>('/notes/p/2')!.posts.map((p) => p.title)).toEqual(['Note 3']);
    expect(content<BlogListPageData>('/notes/tags/edge')!.nextPage).toBe('/notes/tags/edge/p/2');
    expect(sink.files.has('notes/tags/edge/p/2/index.html')).toBe(true);
    expect([...sink.files.keys()].filter((f) => f.includes('/page/') || f.startsWith('notes/archive'))).toEqual([]);
    // Previous and next follow the same order; the feed takes the first posts of it.
    const middle = content<BlogPostPageData>('/notes/2024/02/01/n2')!;
    expect([middle.previous?.title, middle.next?.title]).toEqual(['Note 1', 'Note 3']);
    expect(sink.read('notes/rss.xml')).toContain('<title>Note 1</title>');
    expect(sink.read('notes/rss.xml')).not.toContain('<title>Note 3</title>');
  });

  it('has no sidebar with blogSidebarCount: 0', async () => {
    const { configFile } = makeSite({ 'docs/intro.md': '# Intro\n', 'notes/2024-01-01-a.md': '# A\n' }, { blogs: [{ id: 'notes', path: 'notes', routeBasePath: 'notes', blogSidebarCount: 0 }] });
    const { sink } = await buildSite(configFile);
    for (const page of ['notes/index.html', 'notes/2024/01/01/a/index.html']) {
      expect(sink.read(page)).toContain('class="blog-page');
      expect(sink.read(page)).not.toContain('blog-sidebar');
    }
  });
});
