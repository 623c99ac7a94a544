import type { MouseEvent } from 'react';
import { useT } from '../context.js';

export const MAIN_CONTENT_ID = '__main';

/**
 * The first stop of the keyboard: moves focus (not only the scroll position) to the page's content,
 * as Docusaurus's skip link does, so the next Tab continues inside it.
 */
export function SkipToContent() {
  const t = useT();
  return (
    <a className="skip-to-content" href={`#${MAIN_CONTENT_ID}`} onClick={skipToContent}>
      {t('theme.common.skipToMainContent')}
    </a>
  );
}

function skipToContent(e: MouseEvent<HTMLAnchorElement>) {
  const wrapper = document.getElementById(MAIN_CONTENT_ID);
  if (!wrapper) return;
  e.preventDefault();
  // The page's own <main> when it has one, else the wrapper around the content (tabindex -1).
  const target = wrapper.querySelector<HTMLElement>('main') ?? wrapper;
  if (!target.hasAttribute('tabindex')) {
    target.setAttribute('tabindex', '-1');
    target.addEventListener('blur', () => target.removeAttribute('tabindex'), { once: true });
  }
  target.focus();
}
