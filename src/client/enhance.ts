import { storage } from '../shared/storage.js';

// Behaviour for the static HTML that markdown renders to (tabs, code copy buttons), added by event
// delegation so that the markdown body needs no JavaScript of its own.

let strings: Record<string, string> = {};

export function installEnhancers(s: Record<string, string>): void {
  strings = s;
  document.addEventListener('click', onClick);
  document.addEventListener('keydown', onKeyDown);
}

/** Runs after each page is shown: copy buttons, tabs chosen earlier in the same group, wide tables, diagrams to draw. */
export function enhance(root: HTMLElement): void {
  for (const block of root.querySelectorAll<HTMLElement>('.code-block:not([data-enhanced])')) {
    block.dataset.enhanced = '';
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy-button';
    button.setAttribute('aria-label', strings['theme.CodeBlock.copyButtonAriaLabel'] ?? 'Copy code to clipboard');
    button.title = strings['theme.CodeBlock.copy'] ?? 'Copy';
    button.textContent = strings['theme.CodeBlock.copy'] ?? 'Copy';
    block.appendChild(button);
  }
  for (const tabs of root.querySelectorAll<HTMLElement>('.tabs-container[data-group-id]')) {
    const chosen = storage.get(`docusaurus.tab.${tabs.dataset.groupId}`);
    if (chosen) select(tabs, chosen, false);
  }
  // A tab named in the url (queryString) comes before a remembered one, as in Docusaurus.
  const query = new URLSearchParams(location.search);
  for (const tabs of root.querySelectorAll<HTMLElement>('.tabs-container[data-query-string]')) {
    const named = query.get(tabs.dataset.queryString!);
    if (named !== null) select(tabs, named, false);
  }
  // A table wider than its column scrolls in its own box (its code never breaks inside a word): the
  // keyboard reaches it to scroll it.
  for (const table of root.querySelectorAll<HTMLElement>('.markdown table:not([tabindex])')) {
    if (table.scrollWidth > table.clientWidth) table.tabIndex = 0;
  }
  // Diagrams the build left to the browser: their code loads only on the pages that show one, and a
  // build that drew every diagram ships none of this (the define is false and esbuild drops the branch).
  if (__SITEGEN_MERMAID_FALLBACK__ && root.querySelector('.mermaid-pending')) void import('./mermaid.js').then((m) => m.drawDiagrams(root));
}

function onClick(e: MouseEvent): void {
  const target = e.target as HTMLElement;
  const tab = target.closest<HTMLElement>('.tabs-container [role="tab"]');
  if (tab) {
    const container = tab.closest<HTMLElement>('.tabs-container')!;
    choose(container, tab.dataset.value!);
    return;
  }
  const copy = target.closest<HTMLButtonElement>('.copy-button');
  if (copy) {
    const code = copy.closest('.code-block')?.querySelector('code');
    if (!code) return;
    // textContent, not innerText: each line is a block of its own, which innerText would double-space.
    void navigator.clipboard?.writeText((code.textContent ?? '').replace(/\n$/, '')).then(() => {
      copy.textContent = strings['theme.CodeBlock.copied'] ?? 'Copied';
      copy.classList.add('copied');
      setTimeout(() => {
        copy.textContent = strings['theme.CodeBlock.copy'] ?? 'Copy';
        copy.classList.remove('copied');
      }, 1500);
    });
  }
}

function onKeyDown(e: KeyboardEvent): void {
  const tab = (e.target as HTMLElement).closest?.<HTMLElement>('.tabs-container [role="tab"]');
  if (!tab || !['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) return;
  const list = [...tab.parentElement!.querySelectorAll<HTMLElement>('[role="tab"]')];
  const i = list.indexOf(tab);
  const next = e.key === 'Home' ? list[0] : e.key === 'End' ? list[list.length - 1] : list[(i + (e.key === 'ArrowRight' ? 1 : -1) + list.length) % list.length];
  e.preventDefault();
  next.focus();
  choose(next.closest<HTMLElement>('.tabs-container')!, next.dataset.value!);
}

/** Selects a tab; with a groupId, every tab group of the same id on the page follows, and the choice is remembered. */
function choose(container: HTMLElement, value: string): void {
  // queryString: the tab goes into the url, replacing the entry (the router's state kept), as Docusaurus's history.replace.
  const key = container.dataset.queryString;
  if (key && container.querySelector(`:scope > [role="tablist"] > [role="tab"][data-value="${CSS.escape(value)}"]`)) {
    const url = new URL(location.href);
    url.searchParams.set(key, value);
    history.replaceState(history.state, '', url);
  }
  const group = container.dataset.groupId;
  if (!group) {
    select(container, value, true);
    return;
  }
  storage.set(`docusaurus.tab.${group}`, value);
  const top = container.getBoundingClientRect().top;
  for (const other of document.querySelectorAll<HTMLElement>(`.tabs-container[data-group-id="${CSS.escape(group)}"]`)) select(other, value, other === container);
  // Keep the clicked tab where it was on screen while other groups change height above it.
  window.scrollBy(0, container.getBoundingClientRect().top - top);
}

function select(container: HTMLElement, value: string, focus: boolean): void {
  const tabs = [...container.querySelectorAll<HTMLElement>(':scope > [role="tablist"] > [role="tab"]')];
  if (!tabs.some((t) => t.dataset.value === value)) return;
  for (const t of tabs) {
    const on = t.dataset.value === value;
    t.setAttribute('aria-selected', on ? 'true' : 'false');
    t.tabIndex = on ? 0 : -1;
    t.classList.toggle('tabs__item--active', on);
    if (on && focus) t.focus({ preventScroll: true });
  }
  for (const p of container.querySelectorAll<HTMLElement>(':scope > .tab-panels > [role="tabpanel"]')) {
    p.hidden = p.dataset.value !== value;
  }
}
