// What the reader's use of the markdown's tabs and copy buttons does: a chunk of its own, loaded by
// enhance.ts when the pointer or focus first reaches one of them (or on the first click or key), so
// a page read without touching them never fetches it. It imports nothing: what it needs of the main
// script comes as arguments, as an import of a module the main script also holds would make esbuild
// split that module into one more chunk every page loads.

export interface EnhanceHelpers {
  strings: Record<string, string>;
  storage: { set(key: string, value: string): void };
  /** Shows one tab of a group (enhance.ts, which also restores remembered choices when a page is shown). */
  select(container: HTMLElement, value: string, focus: boolean): void;
}

/** A click on a tab or a copy button (`control`, found by enhance.ts). */
export function onControlClick(control: HTMLElement, helpers: EnhanceHelpers): void {
  if (control.matches('[role="tab"]')) {
    choose(control.closest<HTMLElement>('.tabs-container')!, control.dataset.value!, helpers);
    return;
  }
  const code = control.closest('.code-block')?.querySelector('code');
  if (!code) return;
  const { strings } = helpers;
  // textContent, not innerText: each line is a block of its own, which innerText would double-space.
  void navigator.clipboard?.writeText((code.textContent ?? '').replace(/\n$/, '')).then(() => {
    control.textContent = strings['theme.CodeBlock.copied'] ?? 'Copied';
    control.classList.add('copied');
    setTimeout(() => {
      control.textContent = strings['theme.CodeBlock.copy'] ?? 'Copy';
      control.classList.remove('copied');
    }, 1500);
  });
}

/** Arrow keys, Home and End on a tab move to another tab of its list and choose it. */
export function onTabKey(tab: HTMLElement, key: string, helpers: EnhanceHelpers): void {
  const list = [...tab.parentElement!.querySelectorAll<HTMLElement>('[role="tab"]')];
  const i = list.indexOf(tab);
  const next = key === 'Home' ? list[0] : key === 'End' ? list[list.length - 1] : list[(i + (key === 'ArrowRight' ? 1 : -1) + list.length) % list.length];
  next.focus();
  choose(next.closest<HTMLElement>('.tabs-container')!, next.dataset.value!, helpers);
}

/** Selects a tab; with a groupId, every tab group of the same id on the page follows, and the choice is remembered. */
function choose(container: HTMLElement, value: string, helpers: EnhanceHelpers): void {
  const group = container.dataset.groupId;
  if (!group) {
    helpers.select(container, value, true);
    return;
  }
  helpers.storage.set(`docusaurus.tab.${group}`, value);
  const top = container.getBoundingClientRect().top;
  for (const other of document.querySelectorAll<HTMLElement>(`.tabs-container[data-group-id="${CSS.escape(group)}"]`)) helpers.select(other, value, other === container);
  // Keep the clicked tab where it was on screen while other groups change height above it.
  window.scrollBy(0, container.getBoundingClientRect().top - top);
}
