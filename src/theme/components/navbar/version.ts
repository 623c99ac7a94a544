import type { ResolvedNavbarItem } from '../../../shared/navbar.js';
import { useSite } from '../../context.js';
import { pickTarget, versionItemHref } from '../../docsVersions/candidates.js';
import { useVersionCandidateNames } from '../../docsVersions/hooks.js';

// Navbar items of versioned docs. Doc, docSidebar and docsVersion items show their target in the version
// being read, else the preferred one, else the last (their own href); the version dropdown is labelled
// with that version and links each version's copy of the page (else its main doc). The builder gives
// every target (navbar.ts VersionTargets); this picks one per page. Query and hash are kept by the caller.

type LinkItem = Extract<ResolvedNavbarItem, { kind: 'link' }>;
type DropdownItem = Extract<ResolvedNavbarItem, { kind: 'dropdown' }>;

/** A link item with `versionTargets`, pointed at the first candidate version it has a target in. */
export function useFollowVersion(item: LinkItem): LinkItem {
  const candidates = useVersionCandidateNames(item.versionTargets?.pluginId ?? 'default');
  const picked = item.versionTargets && pickTarget(item.versionTargets.targets, candidates);
  if (!picked || (picked.href === item.href && (picked.label ?? item.label) === item.label)) return item;
  return { ...item, href: picked.href, label: picked.label ?? item.label };
}

/** The version dropdown: its label and toggle for the first candidate, the toggle and the version items pointed at this page's copies. */
export function useVersionDropdown(item: DropdownItem): DropdownItem {
  const { page } = useSite();
  const pluginId = item.versionTargets?.pluginId ?? 'default';
  const candidates = useVersionCandidateNames(pluginId);
  const picked = pickTarget(item.versionTargets?.targets ?? {}, candidates.slice(0, 1));
  const items = item.items.map((child) =>
    child.kind === 'link' && child.versionName ? { ...child, href: versionItemHref(page.content, page.route, pluginId, child.versionName, child.href) } : child,
  );
  // The toggle leads where its version's item does: this page's copy in that version, else its main doc (as Docusaurus's).
  return { ...item, items, ...(picked ? { label: picked.label ?? item.label, href: versionItemHref(page.content, page.route, pluginId, picked.name, picked.href) } : {}) };
}
