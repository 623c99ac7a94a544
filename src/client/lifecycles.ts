import { clientModules } from 'sitegen:pages';

// The route lifecycles of the site's client modules (Docusaurus's `onRouteUpdate` and
// `onRouteDidUpdate`, as named exports or on the default export): the router calls `routeUpdate` as
// a navigation starts (its result once the next page's code and data are loaded) and
// `routeDidUpdate` once the new page is on screen; both also for the first page (previousLocation
// null), never on the server. A lifecycle that throws is logged and the others still run.

export interface RouteLocation {
  pathname: string;
  search: string;
  hash: string;
}

type Lifecycle = (args: { location: RouteLocation; previousLocation: RouteLocation | null }) => unknown;

function lifecycles(name: 'onRouteUpdate' | 'onRouteDidUpdate'): Lifecycle[] {
  return clientModules.map((m) => (m as Record<string, unknown>)[name] ?? ((m as { default?: Record<string, unknown> }).default ?? {})[name]).filter((f): f is Lifecycle => typeof f === 'function');
}

function run<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch (error) {
    console.error('A client module failed:', error);
    return undefined;
  }
}

export const locationOf = (url: { pathname: string; search: string; hash: string }): RouteLocation => ({ pathname: url.pathname, search: url.search, hash: url.hash });

/** Calls every onRouteUpdate; the result calls the cleanups they returned. */
export function routeUpdate(location: RouteLocation, previousLocation: RouteLocation | null): () => void {
  const cleanups = lifecycles('onRouteUpdate').map((f) => run(() => f({ location, previousLocation })));
  return () => {
    for (const c of cleanups) if (typeof c === 'function') run(() => c());
  };
}

export function routeDidUpdate(location: RouteLocation, previousLocation: RouteLocation | null): void {
  for (const f of lifecycles('onRouteDidUpdate')) run(() => f({ location, previousLocation }));
}
