import { SiteContext, type SiteState } from './context.js';
import { layoutFor } from './layouts/registry.js';
import { ErrorBoundary } from './components/ErrorBoundary.js';

/** The whole page for one route: rendered to a string at build time and hydrated in the browser. */
export function App(props: SiteState) {
  const Layout = layoutFor(props.page.content.kind);
  if (!Layout) throw new Error(`No layout registered for page kind "${props.page.content.kind}"`);
  return (
    <SiteContext.Provider value={props}>
      <ErrorBoundary resetKey={props.page.route}>
        <Layout content={props.page.content} />
      </ErrorBoundary>
    </SiteContext.Provider>
  );
}
