import { useSite } from '../context.js';
import { docsPluginsOf, type DocsVersionLink } from '../../shared/docsPlugins.js';
import { pageVersionName, versionCandidates } from './candidates.js';
import { usePreferredVersionName } from './preferred.js';

// The theme's view of an instance's versions: its list (from the locale's chrome), the reader's
// preferred one (a stored name that is no longer a version counts as none), and the candidates in order.

/** The instance's versions, newest first; empty when it has only one (or does not exist). */
export function useInstanceVersions(pluginId: string): DocsVersionLink[] {
  const { chrome } = useSite();
  return docsPluginsOf(chrome).find((p) => p.id === pluginId)?.versions ?? [];
}

/** The reader's preferred version of the instance, when it is one of its versions. */
export function usePreferredVersion(pluginId: string): DocsVersionLink | null {
  const versions = useInstanceVersions(pluginId);
  const name = usePreferredVersionName(pluginId);
  return (name !== null && versions.find((v) => v.name === name)) || null;
}

/** Version names to show, in order: the page's own, the preferred one, the last. */
export function useVersionCandidateNames(pluginId: string): string[] {
  const { page } = useSite();
  const versions = useInstanceVersions(pluginId);
  const preferred = usePreferredVersion(pluginId);
  return versionCandidates(pageVersionName(page.content, pluginId), preferred?.name, versions.find((v) => v.isLast)?.name);
}
