import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../../../src/builder/config/loadConfig.js';
import { SitegenError } from '../../../../src/builder/errors.js';

// Options copied from a docusaurus.config.js keep their Docusaurus shapes (feedOptions.type as one
// type, a list, 'all' or null; the blog's report levels; prism; colour mode; a dropdown without a
// type), and every value sitegen cannot honour is reported, all of them in one run.

const base = { title: 'T', url: 'https://example.com' };
const blog = { id: 'blog', path: 'blog', routeBasePath: 'blog' };

function problems(raw: unknown): string[] {
  try {
    validateConfig({ raw, configFile: '/site/site.config.ts', source: '' });
  } catch (e) {
    expect(e).toBeInstanceOf(SitegenError);
    return (e as SitegenError).problems.map((p) => p.message);
  }
  throw new Error('expected the config to be rejected');
}

describe("Docusaurus's option shapes", () => {
  it.each([
    ['rss', ['rss']],
    [
      ['rss', 'atom'],
      ['rss', 'atom'],
    ],
    ['all', ['rss', 'atom', 'json']],
    [null, []],
    [undefined, ['rss', 'atom']],
  ])('reads feedOptions.type %j as %j', (type, types) => {
    const config = validateConfig({ raw: { ...base, blogs: [{ ...blog, feedOptions: { type, xslt: true } }] }, configFile: 'x.ts', source: '' });
    expect(config.blogs[0].feedOptions.type).toEqual(types);
    expect(config.blogs[0].feedOptions.xslt).toEqual({ rss: true, atom: true });
  });

  it('defaults the blog checks to warn, as Docusaurus does', () => {
    const config = validateConfig({ raw: { ...base, blogs: [blog] }, configFile: 'x.ts', source: '' });
    expect([config.blogs[0].onInlineTags, config.blogs[0].onInlineAuthors, config.blogs[0].onUntruncatedBlogPosts]).toEqual(['warn', 'warn', 'warn']);
    expect(config.blogs[0].authorsMapPath).toBe('authors.yml');
  });

  it('reads a navbar item with items and no type as a dropdown', () => {
    const config = validateConfig({ raw: { ...base, themeConfig: { navbar: { items: [{ label: 'More', items: [{ to: '/a', label: 'A', target: '_blank' }] }] } } }, configFile: 'x.ts', source: '' });
    expect(config.themeConfig.navbar.items).toHaveLength(1);
  });

  it('takes the colour mode and prism options', () => {
    const theme = { plain: { color: '#000' }, styles: [{ types: ['comment'], style: { color: '#999' } }] };
    const config = validateConfig({
      raw: { ...base, themeConfig: { colorMode: { defaultMode: 'dark', respectPrefersColorScheme: true }, prism: { theme, darkTheme: theme, additionalLanguages: ['java', 'bash'] } } },
      configFile: 'x.ts',
      source: '',
    });
    expect(config.themeConfig.colorMode).toEqual({ defaultMode: 'dark', disableSwitch: true, respectPrefersColorScheme: true });
    expect(config.themeConfig.prism?.additionalLanguages).toEqual(['java', 'bash']);
  });
});

describe('what sitegen cannot honour is an error, all in one run', () => {
  it('names each refused value with its path', () => {
    expect(
      problems({
        ...base,
        blogs: [{ ...blog, feedOptions: { type: 'xml' }, onInlineTags: 'shout' }],
        themeConfig: { prism: { additionalLanguages: ['klingon'], magicComments: [{ line: 'This will error' }] }, navbar: { logo: { src: 'x.svg', srcDark: 'y.svg' } } },
        // srcDark is honoured (one image per colour mode): no problem of its own.
      }),
    ).toEqual([
      'blogs[0].feedOptions.type: does not match any allowed shape (found the string "xml")',
      `blogs[0].onInlineTags: expected one of "ignore", "log", "warn", "throw", found the string "shout"`,
      'themeConfig.prism.magicComments[0].className: expected string, found nothing',
    ]);
  });

  it('refuses a prism language sitegen has no grammar for', () => {
    expect(problems({ ...base, themeConfig: { prism: { additionalLanguages: ['java', 'klingon'] } } })).toEqual([
      'themeConfig.prism.additionalLanguages[1]: "klingon" is not a language Prism has a grammar for: remove it (its code blocks are shown as plain text) or name it as Prism does (e.g. "java", "php", "rust", "csharp")',
    ]);
  });
});

describe('options that cannot change the output', () => {
  it('are accepted and named in one warning', async () => {
    const { unusedOptionsWarning } = await import('../../../../src/builder/config/unusedOptions.js');
    const config = validateConfig({ raw: { ...base, organizationName: 'org', projectName: 'site', future: { v4: true } }, configFile: 'x.ts', source: '' });
    expect(unusedOptionsWarning(config, '/site/site.config.ts')).toEqual({
      message: "organizationName, projectName, future are not used by sitegen: `future` holds flags of Docusaurus's own build; the others are read by `docusaurus deploy` only",
      file: '/site/site.config.ts',
      hint: 'The output is the same with or without them: remove them to silence this warning.',
    });
    expect(unusedOptionsWarning(validateConfig({ raw: base, configFile: 'x.ts', source: '' }), 'x.ts')).toBeUndefined();
  });
});
