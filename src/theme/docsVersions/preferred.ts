import { useSyncExternalStore } from 'react';
import { storage } from '../../shared/storage.js';
import { preferredVersionKey } from '../../shared/docsPlugins.js';

// The reader's preferred docs version per instance, kept in local storage under Docusaurus's key
// (`docs-preferred-version-<pluginId>`). Read once per instance and cached; saving notifies every
// component showing it. The server (and hydration) see no preference, so the first client render
// matches the HTML and the preference applies right after (useSyncExternalStore's server snapshot).
// Storage that throws is a logged warning only (shared/storage.ts): the preference is then kept for the visit.
// With themeConfig.docs.versionPersistence 'none' it is kept for the visit only, as in Docusaurus.

const cache = new Map<string, string | null>();
const listeners = new Set<() => void>();
let persist = true;

/** Whether preferences are kept in local storage (set from the site's chrome when the page starts). */
export function setVersionPersistence(toStorage: boolean): void {
  persist = toStorage;
}

function read(pluginId: string): string | null {
  if (!cache.has(pluginId)) cache.set(pluginId, persist ? storage.get(preferredVersionKey(pluginId)) : null);
  return cache.get(pluginId) ?? null;
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Another tab changed a preference: read it again. */
function onStorage(e: StorageEvent): void {
  if (!persist) return;
  if (e.key !== null && !e.key.startsWith(preferredVersionKey(''))) return;
  cache.clear();
  notify();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** Remembers `versionName` as the reader's preferred version of the instance. */
export function savePreferredVersion(pluginId: string, versionName: string): void {
  cache.set(pluginId, versionName);
  if (persist) storage.set(preferredVersionKey(pluginId), versionName);
  notify();
}

/** The stored preferred version name of an instance (null: none, or while rendering on the server and hydrating). */
export function usePreferredVersionName(pluginId: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => read(pluginId),
    () => null,
  );
}
