// The cards of a sidebar category's items (Docusaurus's DocCard): drawn by the theme on a generated
// index page, and at build time into a doc's HTML where it writes <DocCardList />. One look for both,
// styled inline so that sites without either ship the same stylesheet. (The cards of sidebar items: shared/sidebar.ts.)

/** One card: a doc (its description), a category (its description, or its number of items), a link. */
export interface DocCard {
  label: string;
  href: string;
  description?: string;
  count?: number;
  className?: string;
}

type Style = Record<string, string | number>;

export const DOC_CARD_STYLES = {
  list: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))', gap: '1rem', margin: '1.5rem 0', padding: 0, listStyle: 'none' },
  card: { display: 'block', height: '100%', padding: '1rem 1.25rem', border: '1px solid var(--ifm-color-emphasis-300, #dadde1)', borderRadius: '8px', color: 'inherit' },
  title: { margin: '0 0 0.5rem', fontSize: '1.15rem' },
  description: { margin: 0, fontSize: '0.9rem', opacity: 0.8 },
} as const satisfies Record<string, Style>;

/** A style object as a `style` attribute, written as React writes it (`fontSize: '1rem'` → `font-size:1rem`). */
export function styleAttribute(style: Style): string {
  return Object.entries(style)
    .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${v}`)
    .join(';');
}
