import { storage } from '../shared/storage.js';

// Behaviour for the static HTML that markdown renders to (tabs, code copy buttons), added by event
// delegation so that the markdown body needs no JavaScript of its own. What a click or key on them
// does is a chunk of its own (enhanceActions.ts), fetched when the pointer or focus first reaches one.

let strings: Record<string, string> = {};

/** A tab or a copy button of the markdown. */
const CONTROL = '.tabs-container [role="tab"], .copy-button';
const TAB_KEYS = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];

let actions: Promise<typeof import('./enhanceActions.js')> | undefined;

function loadActions(): Promise<typeof import('./enhanceActions.js')> {
  if (!actions) {
    actions = import('./enhanceActions.js');
    // A failed load (offline) is tried again on the next use.
    actions.catch(() => (actions = undefined));
  }
  return actions;
}

const helpers = () => ({ strings, storage, select });

export function installEnhancers(s: Record<string, string>): void {
  strings = s;
  document.addEventListener('click', onClick);
  document.addEventListener('keydown', onKeyDown);
  // Fetched ahead of the click (a copy must run while the click still counts as the reader's gesture).
  document.addEventListener('pointerover', warm, { passive: true });
  document.addEventListener('focusin', warm);
}

function warm(e: Event): void {
  if ((e.target as Element).closest?.(CONTROL)) loadActions().catch(() => undefined);
}

function onClick(e: MouseEvent): void {
  const control = (e.target as Element).closest?.<HTMLElement>(CONTROL);
  if (control)
    loadActions().then(
      (m) => m.onControlClick(control, helpers()),
      () => undefined,
    );
}

function onKeyDown(e: KeyboardEvent): void {
  const tab = (e.target as Element).closest?.<HTMLElement>('.tabs-container [role="tab"]');
  if (!tab || !TAB_KEYS.includes(e.key)) return;
  // At once: the arrow keys would scroll the page meanwhile.
  e.preventDefault();
  const key = e.key;
  loadActions().then(
    (m) => m.onTabKey(tab, key, helpers()),
    () => undefined,
  );
}

/** Runs after each page is shown: copy buttons, tabs chosen earlier in the same group, diagrams to draw. */
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
  // Diagrams the build left to the browser: their code loads only on the pages that show one, and a
  // build that drew every diagram ships none of this (the define is false and esbuild drops the branch).
  if (__SITEGEN_MERMAID_FALLBACK__ && root.querySelector('.mermaid-pending')) void import('./mermaid.js').then((m) => m.drawDiagrams(root));
}

function select(container: HTMLElement, value: string, focus: boolean): void {
  const tabs = [...container.querySelectorAll<HTMLElement>(':scope > [role="tablist"] > [role="tab"]')];
  if (!tabs.some((t) => t.dataset.value === value)) return;
  for (const t of tabs) {
    const on = t.dataset.value === value;
    t.setAttribute('aria-selected', on ? 'true' : 'false');
    t.tabIndex = on ? 0 : -1;
    t.classList.toggle('tabs-item-active', on);
    if (on && focus) t.focus({ preventScroll: true });
  }
  for (const p of container.querySelectorAll<HTMLElement>(':scope > .tab-panels > [role="tabpanel"]')) {
    p.hidden = p.dataset.value !== value;
  }
}
