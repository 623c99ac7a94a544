import { useContext } from 'react';
import { SiteContext, SiteRootContext, type SiteState } from './context.js';
import { layoutFor } from './layouts/registry.js';
import { ErrorBoundary } from './components/ErrorBoundary.js';
import { Layout as Frame } from './layouts/Layout.js';

/** The whole page for one route: rendered to a string at build time and hydrated in the browser. */
export function App(props: SiteState) {
  const Layout = layoutFor(props.page.content.kind);
  if (!Layout) throw new Error(`No layout registered (or loaded: layouts/registry.tsx) for page kind "${props.page.content.kind}"`);
  // The site's Root wraps every page and stays mounted from one page to the next (its element type does not change).
  const Root = useContext(SiteRootContext);
  const page = (
    // A page that crashes before it draws its own frame (a React page's component itself) still gets the
    // navbar and footer around the crash screen; the outer boundary is the last resort if the frame crashes too.
    <ErrorBoundary resetKey={props.page.route}>
      <ErrorBoundary resetKey={props.page.route} frame={(screen) => <Frame>{screen}</Frame>}>
        <Layout content={props.page.content} />
      </ErrorBoundary>
    </ErrorBoundary>
  );
  return <SiteContext.Provider value={props}>{Root ? <Root>{page}</Root> : page}</SiteContext.Provider>;
}
