import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildError, buildSite, makeSite } from '../../../helpers/site.js';
import { repoRoot } from '../../../helpers/paths.js';
import { readBuilt, sharedBuild, type SharedBuild } from '../../../helpers/sharedBuild.js';
import type { MemorySink } from '../../../../src/builder/output/sink.js';
import type { PageDataFile } from '../../../../src/shared/types.js';
import { bundleClient } from '../../../../src/builder/bundle/client.js';
import type { EsbuildContexts } from '../../../../src/builder/bundle/runEsbuild.js';
import { scanPages } from '../../../../src/builder/content/pageFiles.js';

// The React pages of test/fixtures/site-code, written as a Docusaurus site writes them: their HTML,
// the scoped CSS and where it is linked, the hashed asset urls, and the errors for what cannot build.

const fixture = path.join(repoRoot, 'test/fixtures/site-code/site.config.ts');

const text = (sink: MemorySink, file: string) => {
  const v = sink.files.get(file);
  if (v === undefined) throw new Error(`${file} was not written`);
  return typeof v === 'string' ? v : Buffer.from(v).toString('utf8');
};
const stylesheets = (html: string) => [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]);
/** A stylesheet's text, by its url under the base url. */
const css = (sink: MemorySink, url: string) => text(sink, url.replace(/^\/base\//, ''));
const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

// The fixture's own build is the run's shared build of it (test/helpers/sharedBuild.ts, which the
// browser tests of the fixture read too: made once per run, by test/helpers/prebuild.ts in a full run),
// read from its folder: a build of the current sources with the same config, as this file's two own
// builds of it in memory were.
let built: SharedBuild;
/** A file of the fixture's build, as text. */
const out = (file: string) => {
  const v = readBuilt(built, file);
  if (v === undefined) throw new Error(`${file} was not written`);
  return v;
};
/** Whether the fixture's build has the file. */
const has = (file: string) => fs.statSync(path.join(built.outDir, file), { throwIfNoEntry: false })?.isFile() ?? false;
/** A stylesheet of the fixture's build, by its url under the base url. */
const builtCss = (url: string) => out(url.replace(/^\/base\//, ''));

describe('site code: CSS modules, assets and the client API', () => {
  let home: string;
  beforeAll(async () => {
    built = await sharedBuild(fixture);
    home = out('index.html');
  });

  it('gives a CSS module scoped class names and ships its CSS only with the pages that import it', () => {
    const [title] = /class="(title_\w+ hero_\w+)" id="title"/.exec(home)!.slice(1);
    const hero = title.split(' ')[1];
    const [mainCss, pageCss] = stylesheets(home);
    expect(stylesheets(home)).toHaveLength(2);
    expect(pageCss).toMatch(/^\/base\/assets\/css\/chunk\.\w+\.css$/);
    const own = builtCss(pageCss);
    expect(own).toContain(`.${hero}{color:red;`);
    // `composes` adds the composed class; `:global(...)` keeps its name.
    expect(own).toMatch(new RegExp(`\\.${title.split(' ')[0]}\\{font-weight:700\\}`));
    expect(own).toContain('.kept-global{margin:0}');
    // The shared stylesheet holds the theme and the site's customCss (Sass too), not the page's styles.
    expect(builtCss(mainCss)).toContain('--fixture-accent');
    expect(builtCss(mainCss)).toContain('.site-rule{border-width:6px}');
    // customCss's root url is the static folder's file, hashed and under the base url.
    const dot = /\.static-dot\{background-image:url\(([^)]+)\)\}/.exec(builtCss(mainCss))?.[1];
    expect(dot).toMatch(/^\/base\/assets\/images\/static-dot-[0-9a-f]{8}\.png$/);
    expect(has(dot!.slice('/base/'.length))).toBe(true);
    expect(builtCss(mainCss)).not.toContain(hero);
    // A page without styles of its own links only the shared stylesheet, and its data lists none.
    expect(stylesheets(out('plain/index.html'))).toEqual([mainCss]);
    expect((JSON.parse(out('plain/__page.json')) as PageDataFile).css).toBeUndefined();
  });

  it('ships a component’s CSS module with every page that uses it, and lists it for client navigation', () => {
    const second = out('second/index.html');
    const card = /<div class="(card_\w+)">Second card<\/div>/.exec(second)![1];
    const [, secondCss] = stylesheets(second);
    expect(builtCss(secondCss)).toContain(`.${card}{border-left:4px solid #0a141e}`);
    expect(builtCss(secondCss)).not.toContain('hero_');
    expect(main(home)).toContain(`<div class="${card}">Home card</div>`);
    expect((JSON.parse(out('second/__page.json')) as PageDataFile).css).toEqual([secondCss]);
  });

  it('keeps the class names of a plain stylesheet and compiles Sass modules with the site’s sass', () => {
    const own = builtCss(stylesheets(home)[1]);
    expect(own).toContain('.global-banner{color:#00f}');
    expect(home).toContain('<p class="global-banner" id="banner">');
    const [box, inner] = /<div class="(box_\w+)" id="sass-box"><span class="(inner_\w+)">/.exec(home)!.slice(1);
    expect(own).toContain(`.${box}{padding:12px}`);
    expect(own).toContain(`.${box} .${inner}{border-top-width:6px}`);
  });

  it('names imported images and fonts by their content, under the base url, from code and from CSS', () => {
    const url = (id: string) => new RegExp(`<img id="${id}" src="([^"]+)"`).exec(home)![1];
    expect(url('png')).toMatch(/^\/base\/assets\/images\/dot-[0-9a-f]{8}\.png$/);
    expect(url('static-png')).toMatch(/^\/base\/assets\/images\/static-dot-[0-9a-f]{8}\.png$/);
    expect(url('svg-url')).toMatch(/^\/base\/assets\/images\/logo-[0-9a-f]{8}\.svg$/);
    for (const id of ['png', 'static-png', 'svg-url']) expect(has(url(id).slice('/base/'.length))).toBe(true);
    // The PNG imported by code and the one in the CSS module's url() are one file.
    expect(builtCss(stylesheets(home)[1])).toContain(`url(${url('png')})`);
    const font = /url\((\/base\/assets\/fonts\/fixture-[0-9a-f]{8}\.woff2)\)/.exec(builtCss(stylesheets(home)[1]))![1];
    expect(out(font.slice('/base/'.length))).toBe('wOF2fixturefont');
    // useBaseUrl keeps the static folder's path.
    expect(url('use-base-url')).toBe('/base/img/static-dot.png');
  });

  it('renders an imported SVG as a component that takes its props and a title', () => {
    expect(main(home)).toContain(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20" width="20" height="20" aria-labelledby="logo-title" class="fixture-logo" role="img"><title id="logo-title">The fixture logo</title><circle cx="10" cy="10" r="8" fill="currentColor" stroke-width="2" style="fill-opacity:0.5"></circle></svg>',
    );
  });

  it('renders JSON imports and the Docusaurus client API in the HTML', () => {
    const m = main(home);
    expect(m).toContain('<ul id="features"><li>Fast</li><li>Small</li></ul>');
    expect(m).toMatch(/id="hero">Hello reader<\/p>/);
    expect(m).toContain('<p id="interpolate">See <a href="/base/plain">the plain page</a>.</p>');
    expect(m).toContain('<a id="with-base-url" href="https://code.example/base/files/doc.pdf">');
    expect(m).toContain('<p id="is-browser">server</p>');
    expect(m).toContain('<p id="location">/base/</p>');
    expect(m).toContain('<span id="browser-only">fallback</span>');
    expect(m).toContain('<h2 id="section" class="anchor">A section<a href="#section" class="hash-link" aria-label="Direct link to A section"');
    expect(m).toMatch(
      /<div data-code-id="code-\w+" class="theme-code-block code-block language-js" data-lang="js"><div class="code-title">example.js<\/div><pre class="prism-code code-pre" tabindex="0"><code class="language-js"><span class="code-line"><span class="token keyword">const<\/span>/,
    );
    expect(m).toMatch(/<div class="theme-tabs-container tabs-container" data-group-id="pm"><div role="tablist"[^>]*><button[^>]*aria-selected="true"[^>]*data-value="npm">npm<\/button>/);
    expect(m).toMatch(/<div data-value="yarn"[^>]*role="tabpanel"[^>]*hidden=""[^>]*>yarn add<\/div>/);
    // Each tab names its panel, by ids made from the tabs (the same in the browser).
    const controls = /aria-controls="(tabs-\w+-panel-1)"/.exec(m)![1];
    expect(m).toContain(`id="${controls}"`);
    expect(m).toContain('<div class="theme-admonition theme-admonition-tip alert alert--success"><div class="admonition-heading">A tip</div><div class="admonition-content">Tips help.</div></div>');
    expect(m).toContain('<details class="details"><summary>More</summary>Hidden text</details>');
    expect(m).toContain('class="theme-code-block code-block language-mermaid"');
    expect(home).toContain('<meta name="fixture" content="site-code">');
  });
});

describe("the site's src/theme/Root", () => {
  it('wraps every page, docs and React pages alike, and is no unused swizzle', async () => {
    built = await sharedBuild(fixture);
    for (const file of ['index.html', 'plain/index.html', 'docs/intro/index.html'])
      expect(out(file)).toMatch(/<div id="__sitegen"[^>]*><div id="root-banner"><button type="button" id="root-clicks">Root clicks: <!-- -->0<\/button><\/div>/);
    expect(built.warnings.filter((w) => w.message.includes('swizzled'))).toEqual([]);
  });
});

describe('@docusaurus/isInternalUrl', () => {
  it("tells the site's own urls from those with a protocol or protocol-relative ones, as Docusaurus does", async () => {
    const { configFile } = makeSite({
      'docs/intro.md': '# Intro\n',
      'src/pages/index.tsx':
        "import Layout from '@theme/Layout';\nimport isInternalUrl, { hasProtocol } from '@docusaurus/isInternalUrl';\nconst urls = ['/docs/intro', 'docs/intro', '#top', 'https://example.com', '//cdn.example/x.js', 'mailto:a@b.c'];\nexport default function Home() {\n  return <Layout title=\"Home\"><p id=\"internal\">{urls.map((u) => `${u}=${isInternalUrl(u)}/${hasProtocol(u)}`).join(' ')} undefined={String(isInternalUrl(undefined))}</p></Layout>;\n}\n",
    });
    const { sink } = await buildSite(configFile);
    expect(/<p id="internal">([^<]*)<\/p>/.exec(sink.read('index.html')!.replace(/<!-- -->/g, ''))?.[1]).toBe(
      '/docs/intro=true/false docs/intro=true/false #top=true/false https://example.com=false/true //cdn.example/x.js=false/true mailto:a@b.c=false/true undefined=false',
    );
  });
});

describe('client modules', () => {
  it('fail the build when one is no file, naming the config and the entry', async () => {
    const { configFile, dir } = makeSite({ 'docs/intro.md': '# Intro\n' }, { clientModules: ['./src/gone.js'] });
    const error = await buildError(configFile);
    expect(error.problems).toEqual([expect.objectContaining({ message: `clientModules[0]: there is no file ${path.join(dir, 'src/gone.js')}`, file: configFile, line: 4 })]);
  });
});

describe('swizzled theme components', () => {
  it("warns at each one no code uses (sitegen's theme draws its own), not at one a page imports", async () => {
    const { configFile, dir } = makeSite({
      'docs/intro.md': '# Intro\n',
      'src/theme/Footer/index.js': "import styles from './styles.module.css';\nexport default function Footer() {\n  return <footer className={styles.footer}>Ours</footer>;\n}\n",
      'src/theme/Footer/styles.module.css': '.footer { color: red; }\n',
      'src/theme/Heading.js': 'import Heading from \'@theme-original/Heading\';\nexport default function MyHeading(props) {\n  return <Heading {...props} className="mine" />;\n}\n',
      'src/pages/index.tsx':
        'import Layout from \'@theme/Layout\';\nimport Heading from \'@theme/Heading\';\nexport default function Home() {\n  return <Layout title="Home"><Heading as="h1">Home</Heading></Layout>;\n}\n',
    });
    const { result, sink } = await buildSite(configFile);
    const swizzles = result.warnings.filter((w) => w.message.includes('swizzled'));
    expect(swizzles).toEqual([
      expect.objectContaining({
        message: "sitegen's theme draws its own Footer: this swizzled @theme/Footer is not used (site code that imports @theme/Footer would get it)",
        file: path.join(dir, 'src/theme/Footer/index.js'),
        line: 1,
      }),
    ]);
    expect(sink.read('index.html')).toMatch(/<h1[^>]*class="mine"/);
  });
});

describe('site code errors', () => {
  const page = (body: string) => `import Layout from '@theme/Layout';\n${body}\nexport default function Home() {\n  return <Layout title="Home">home</Layout>;\n}\n`;

  it('fails on a @docusaurus or @theme name sitegen does not provide, at the import, listing what it provides', async () => {
    const { configFile } = makeSite({ 'docs/intro.md': '# Intro\n', 'src/pages/index.tsx': page(`import useRouteContext from '@docusaurus/useRouteContext';\nconsole.log(useRouteContext);`) });
    const error = await buildError(configFile);
    const problem = error.problems!.find((p) => p.message.includes('@docusaurus/useRouteContext'))!;
    expect(problem.message).toMatch(
      /^sitegen does not provide "@docusaurus\/useRouteContext"\. Provided: .*@docusaurus\/BrowserOnly, .*@docusaurus\/theme-common, .*@theme\/Tabs, @theme\/ThemedImage\.$/,
    );
    expect(problem.file).toMatch(/src[/\\]pages[/\\]index\.tsx$/);
    expect(problem.line).toBe(2);
  });

  it('fails on a name a module sitegen provides does not export, at the import, listing what it exports', async () => {
    const { configFile } = makeSite({ 'docs/intro.md': '# Intro\n', 'src/pages/index.tsx': page(`import { usePluralForm } from '@docusaurus/theme-common';\nconsole.log(usePluralForm);`) });
    const error = await buildError(configFile);
    const problem = error.problems!.find((p) => p.message.includes('usePluralForm'))!;
    expect(problem.message).toBe(
      `sitegen's "@docusaurus/theme-common" has no export "usePluralForm". It provides: filterDocCardListItems, findFirstSidebarItemLink, useColorMode, useCurrentSidebarCategory.`,
    );
    expect(problem.file).toMatch(/src[/\\]pages[/\\]index\.tsx$/);
    expect(problem.line).toBe(2);
  });

  it('fails on such a name the site has installed as a package, at the import', async () => {
    const { configFile } = makeSite({
      'docs/intro.md': '# Intro\n',
      'node_modules/@docusaurus/useRouteContext/package.json': JSON.stringify({ name: '@docusaurus/useRouteContext', main: 'index.js' }),
      'node_modules/@docusaurus/useRouteContext/index.js': 'export default function useRouteContext() { return {}; }\n',
      'src/pages/index.tsx': page(`import useRouteContext from '@docusaurus/useRouteContext';\nconsole.log(useRouteContext);`),
    });
    const error = await buildError(configFile);
    const problem = error.problems!.find((p) => p.message.includes('@docusaurus/useRouteContext'))!;
    expect(problem.message).toMatch(/^sitegen does not provide "@docusaurus\/useRouteContext"\. Provided: /);
    expect(problem.file).toMatch(/src[/\\]pages[/\\]index\.tsx$/);
    expect(problem.line).toBe(2);
  });

  it('names the sass package to install when the site has none, at the import of the Sass file', async () => {
    // A site in the temporary folder: `sass` resolves neither from it nor from its parents.
    const { configFile } = makeSite({
      'docs/intro.md': '# Intro\n',
      'src/pages/index.tsx': page(`import styles from './home.module.scss';\nconsole.log(styles);`),
      'src/pages/home.module.scss': '.a { color: red; }\n',
    });
    const error = await buildError(configFile);
    const problem = error.problems!.find((p) => p.message.includes('sass'))!;
    expect(problem.message).toBe('Cannot compile ./home.module.scss. Sass stylesheets need the `sass` package in the site: npm install --save-dev sass');
    expect(problem.file).toMatch(/src[/\\]pages[/\\]index\.tsx$/);
    expect(problem.line).toBe(2);
  });

  it('fails on a Sass error at the line of the Sass file', async () => {
    const { dir, configFile } = makeSite({
      'docs/intro.md': '# Intro\n',
      'src/pages/index.tsx': page(`import styles from './home.module.scss';\nconsole.log(styles);`),
      'src/pages/home.module.scss': '.a {\n  color: $undefined-colour;\n}\n',
    });
    // The site has sass installed (sitegen's own copy, linked into its node_modules).
    fs.mkdirSync(path.join(dir, 'node_modules'));
    fs.symlinkSync(path.join(repoRoot, 'node_modules/sass'), path.join(dir, 'node_modules/sass'));
    const error = await buildError(configFile);
    const problem = error.problems!.find((p) => p.message.includes('Undefined variable'))!;
    expect(problem.file).toMatch(/src[/\\]pages[/\\]home\.module\.scss$/);
    expect(problem.line).toBe(2);
  });

  it('bundles again when only a Sass partial changed, where the dev server would reuse the last result', async () => {
    const { dir } = makeSite({
      'docs/intro.md': '# Intro\n',
      'src/css/_vars.scss': '$c: red;\n',
      'src/pages/x.module.scss': "@use '../css/vars';\n.a { color: vars.$c; }\n",
      'src/pages/index.tsx': `import styles from './x.module.scss';\nexport default function Home() {\n  return <p className={styles.a}>home</p>;\n}\n`,
    });
    fs.mkdirSync(path.join(dir, 'node_modules'));
    fs.symlinkSync(path.join(repoRoot, 'node_modules/sass'), path.join(dir, 'node_modules/sass'));
    // Files older than the last build: what the dev server sees between two saves.
    const past = new Date(Date.now() - 3_600_000);
    for (const f of ['src/css/_vars.scss', 'src/pages/x.module.scss', 'src/pages/index.tsx']) fs.utimesSync(path.join(dir, f), past, past);
    const contexts: EsbuildContexts = new Map();
    const pages = scanPages({ siteDir: dir, pages: { path: 'src/pages' } });
    const pageCss = async () => {
      const bundle = await bundleClient({ siteDir: dir, baseUrl: '/', pages, contexts });
      const url = bundle.assets.pageCss.index[0].slice(1);
      return Buffer.from(bundle.files.find((f) => f.path === url)!.contents).toString('utf8');
    };
    try {
      expect(await pageCss()).toMatch(/color:\s*red/);
      // Nothing changed: the same again (no fixed wait first: every file the build reads is an hour old,
      // and the generated modules are left out of runEsbuild.ts's "saved while esbuild ran" rule).
      expect(await pageCss()).toMatch(/color:\s*red/);
      fs.writeFileSync(path.join(dir, 'src/css/_vars.scss'), '$c: blue;\n');
      expect(await pageCss()).toMatch(/color:\s*(blue|#00f)\b/);
    } finally {
      for (const slot of contexts.values()) await slot.ctx?.dispose();
    }
  });

  it('uses a site’s own src/theme component for its @theme name, which can wrap sitegen’s', async () => {
    const { configFile } = makeSite({
      'docs/intro.md': '# Intro\n',
      'src/theme/Admonition.tsx': `import Original from '@theme-original/Admonition';\nexport default function Admonition(props: any) {\n  return <div className="wrapped"><Original {...props} /></div>;\n}\n`,
      'src/pages/index.tsx': `import Layout from '@theme/Layout';\nimport Admonition from '@theme/Admonition';\nexport default function Home() {\n  return <Layout title="Home"><Admonition type="note">Wrapped</Admonition></Layout>;\n}\n`,
    });
    const html = text((await buildSite(configFile)).sink, 'index.html');
    expect(html).toContain('<div class="wrapped"><div class="theme-admonition theme-admonition-note alert alert--secondary">');
  });
});
