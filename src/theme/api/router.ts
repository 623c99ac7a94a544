import { useContext, useMemo, useSyncExternalStore } from 'react';
import { NavigateContext, useSite } from '../context.js';
import { LOCATION_CHANGE } from '../components/Link.js';

// Docusaurus's `@docusaurus/router` hooks over sitegen's client router: the location (the route being
// rendered on the server; the address bar in the browser, updated on every client navigation) and a
// history whose push/replace navigate as a click on a link would.

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

export function useHistory() {
  const navigate = useContext(NavigateContext);
  const currentLocation = useLocation();
  return useMemo(
    () => ({
      location: currentLocation,
      push: (to: string) => navigate(to, { replace: false }),
      replace: (to: string) => navigate(to, { replace: true }),
      go: (n: number) => history.go(n),
      goBack: () => history.back(),
      goForward: () => history.forward(),
    }),
    [navigate, currentLocation],
  );
}
