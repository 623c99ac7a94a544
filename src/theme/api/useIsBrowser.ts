import { useSyncExternalStore } from 'react';

// Docusaurus's useIsBrowser(): false while rendering on the server and while hydrating (so the first
// browser render matches the HTML), true from then on, and at once for pages shown by the router.

const subscribe = () => () => undefined;

export default function useIsBrowser(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
