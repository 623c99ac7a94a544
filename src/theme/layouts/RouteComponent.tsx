import type { ComponentType } from 'react';
import { useSite } from '../context.js';

// A Docusaurus plugin's route component (actions.addRoute) drawn with its route's props: its `modules`
// as read and its `props` (ComponentPageData.props). The bundles wrap only those components with it
// (bundle/client.ts, bundle/server.ts), so that a site without plugin routes ships none of this.

export function withRouteProps(Component: ComponentType<Record<string, unknown>>): ComponentType {
  function RouteComponent() {
    const { page } = useSite();
    const props = page.content.kind === 'componentPage' ? page.content.props : undefined;
    return <Component {...props} />;
  }
  return RouteComponent;
}
