import path from 'node:path';
import type { SiteConfig } from '../config/schema.js';
import { bundleClient, type ClientBundle } from '../bundle/client.js';
import { bundleServer, bundleError } from '../bundle/server.js';
import { checkSiteFiles } from '../config/siteFiles.js';
import { localeInfos } from '../site/locales.js';
import { clientModuleFiles, type ClientModuleFiles } from '../bundle/clientModules.js';
import type { SiteCodeExtensions } from '../bundle/siteCode.js';
import type { ServerBundle } from '../bundle/serverRenderer.js';
import type { PageSource } from '../content/pageFiles.js';
import type { BuildCache } from '../cache.js';
import type { Diagrams } from '../diagrams/types.js';
import type { MdxBundleResult } from '../mdx/bundle.js';
import type { Problem } from '../errors.js';

// The bundle stage: esbuild makes the server renderer and the browser bundle in its own process while
// the content stages run on this one. The server bundle starts with the run. The browser bundle is
// made once, as soon as what it ships is known: right after the parse when no markdown file holds
// code and diagrams are off, after the diagrams stage when no markdown file holds code (a diagram
// left to the browser ships the hook that loads mermaid), otherwise after rendering (islands, and
// the styles the markdown's code imports).

export interface Bundles {
  /** Called as the content stages learn what the browser bundle ships (see above); the first call that knows starts it. */
  parsed(markdownModules: ReadonlyMap<string, string>): void;
  drawn(diagrams: Diagrams | undefined): void;
  /** Both bundles, once the pages are rendered. */
  done(content: { islands: string[]; mdx?: MdxBundleResult; markdownModules: Map<string, string>; diagrams?: Diagrams }): Promise<{ client: ClientBundle; renderer: ServerBundle }>;
  /** What the config names that is missing (favicon, static folders): warnings. */
  warnings: Problem[];
  /** The site's stylesheets in the one every page links (customCss, then the client modules'), absolute: the styles stage keeps all their rules. */
  customCss: string[];
}

export function startBundles(params: {
  config: SiteConfig;
  siteDir: string;
  configFile: string;
  pageSources: PageSource[];
  dev?: boolean;
  cache?: BuildCache;
  /** The site's client modules with its Docusaurus plugins' (docusaurusBuild.ts). */
  clientModules?: (own: ClientModuleFiles) => ClientModuleFiles;
  /** What the site's Docusaurus plugins add to the bundles (theme folders, aliases, PostCSS plugins). */
  extensions?: SiteCodeExtensions;
}): Bundles {
  const { config, siteDir, configFile } = params;
  const own = clientModuleFiles({ config, siteDir, configFile });
  const clientModules = params.clientModules ? params.clientModules(own) : own;
  const warnings = checkSiteFiles({ config, siteDir, configFile });
  const customCss = [...config.themeConfig.customCss.map((f) => path.resolve(siteDir, f)), ...clientModules.styles];
  const clientParams = {
    siteDir,
    baseUrl: config.baseUrl,
    staticDirectories: config.staticDirectories,
    dev: params.dev,
    pages: params.pageSources,
    customCss,
    clientScripts: clientModules.scripts,
    colorModeSwitch: !config.themeConfig.colorMode.disableSwitch,
    rtl: localeInfos(config).some((l) => l.direction === 'rtl'),
    contexts: params.cache?.esbuild,
    extensions: params.extensions,
  };
  const serverBundling = bundleServer({
    siteDir,
    baseUrl: config.baseUrl,
    staticDirectories: config.staticDirectories,
    pages: params.pageSources,
    clientScripts: clientModules.scripts,
    contexts: params.cache?.esbuild,
    extensions: params.extensions,
  });
  serverBundling.catch(() => undefined);
  let clientBundling: Promise<ClientBundle> | undefined;
  let markdownCode = true;
  const start = (extra: Partial<Parameters<typeof bundleClient>[0]>) => {
    clientBundling = bundleClient({ ...clientParams, ...extra });
    clientBundling.catch(() => undefined);
  };
  // Islands in the markdown, styles its code imports, or diagrams left to the browser: the browser
  // bundle ships them too (or the hook that loads their drawing), the styles as a stylesheet every
  // page links (Docusaurus bundles CSS site-wide).
  const withContent = (c: { islands: string[]; mdx?: MdxBundleResult; markdownModules: Map<string, string>; diagrams?: Diagrams }) => {
    const mermaidFallback = Boolean(c.diagrams?.script);
    const again = c.islands.length || c.mdx?.styles.length || mermaidFallback;
    start(again ? { islands: c.islands, markdownStyles: c.mdx?.styles, markdownModules: c.markdownModules, mermaidFallback } : {});
  };
  return {
    warnings,
    customCss,
    parsed(modules) {
      markdownCode = modules.size > 0;
      if (!markdownCode && !config.markdown.mermaid) start({});
    },
    drawn(diagrams) {
      if (!markdownCode && !clientBundling) withContent({ islands: [], markdownModules: new Map(), diagrams });
    },
    async done(content) {
      if (!clientBundling) withContent(content);
      return Promise.all([clientBundling!.catch((e) => Promise.reject(bundleError(e, 'Cannot bundle the browser code'))), serverBundling]).then(([client, renderer]) => ({ client, renderer }));
    },
  };
}
