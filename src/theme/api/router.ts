import { useMemo, useSyncExternalStore } from 'react';
import { useSite } from '../context.js';
import { LOCATION_CHANGE } from '../components/Link.js';

// Docusaurus's `@docusaurus/router` hooks over sitegen's client router: the location (the route being
// rendered on the server; the address bar in the browser, updated on every client navigation) and a
// history whose push/replace follow the url as a click on a link to it would: the client router takes
// a url of the site (`replace` without a new history entry), the browser loads any other.

export interface Location {
  pathname: string;
  search: string;
  hash: string;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(LOCATION_CHANGE, onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener(LOCATION_CHANGE, onChange);
    window.removeEventListener('popstate', onChange);
  };
}

export function useLocation(): Location {
  const { page } = useSite();
  const href = useSyncExternalStore(
    subscribe,
    () => location.pathname + location.search + location.hash,
    () => page.route,
  );
  return useMemo(() => {
    const url = new URL(href, 'http://localhost');
    return { pathname: url.pathname, search: url.search, hash: url.hash };
  }, [href]);
}

function follow(to: string, replace: boolean): void {
  const a = document.createElement('a');
  a.href = to;
  if (replace) a.dataset.replace = '';
  document.body.append(a);
  a.click();
  a.remove();
}

export function useHistory() {
  const currentLocation = useLocation();
  return useMemo(
    () => ({
      location: currentLocation,
      push: (to: string) => follow(to, false),
      replace: (to: string) => follow(to, true),
      go: (n: number) => history.go(n),
      goBack: () => history.back(),
      goForward: () => history.forward(),
    }),
    [currentLocation],
  );
}
