import { useEffect, useState } from 'react';
import type { TocItem } from '../../shared/types.js';
import { useT } from '../context.js';

// The table of contents: a column beside the content on wide screens (TOC), and a collapsible
// "On this page" above the content on narrow ones (TOCCollapsible), as in Docusaurus. CSS shows one
// of the two at the theme's breakpoint (996px).

/** Table of contents; the heading in view is highlighted. */
export function TOC({ items }: { items: TocItem[] }) {
  const t = useT();
  const active = useActiveHeading(items);
  if (!items.length) return null;
  return (
    <nav className="toc theme-doc-toc-desktop" aria-label={t('theme.TOC.title')}>
      <div className="toc-title">{t('theme.TOC.title')}</div>
      <TocList items={items} active={active} />
    </nav>
  );
}

/** "On this page", closed until the reader opens it; its links jump to the headings below. */
export function TOCCollapsible({ items }: { items: TocItem[] }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  if (!items.length) return null;
  const label = t('theme.TOCCollapsible.toggleButtonLabel');
  return (
    <div className={`toc-collapsible theme-doc-toc-mobile${open ? ' open' : ''}`}>
      <button type="button" className="clean-btn toc-collapsible-button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {label}
      </button>
      {open && <TocList items={items} />}
    </div>
  );
}

function TocList({ items, active }: { items: TocItem[]; active?: string }) {
  const minLevel = Math.min(...items.map((i) => i.level));
  return (
    <ul className="table-of-contents">
      {items.map((item) => (
        <li key={item.id} className={`toc-level-${item.level - minLevel}`}>
          <a
            href={`#${item.id}`}
            className={item.id === active ? 'table-of-contents__link toc-highlight table-of-contents__link--active' : 'table-of-contents__link toc-highlight'}
            dangerouslySetInnerHTML={{ __html: item.html }}
          />
        </li>
      ))}
    </ul>
  );
}

function useActiveHeading(items: TocItem[]): string | undefined {
  const [active, setActive] = useState<string>();
  useEffect(() => {
    if (!items.length) return;
    const update = () => {
      const offset = document.querySelector('.navbar')?.getBoundingClientRect().height ?? 60;
      const headings = items.map((item) => document.getElementById(item.id)).filter((el): el is HTMLElement => el !== null);
      // As Docusaurus does: the first heading below the navbar is the one being read when it sits in
      // the top half of the window; otherwise the reader is still in the section above it.
      const next = headings.findIndex((el) => el.getBoundingClientRect().top >= offset);
      let current: HTMLElement | undefined;
      if (next === -1) current = headings[headings.length - 1];
      else if (headings[next].getBoundingClientRect().top < window.innerHeight / 2) current = headings[next];
      else current = headings[next - 1] ?? headings[0];
      setActive(current?.id ?? items[0].id);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [items]);
  return active;
}
