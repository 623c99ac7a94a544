import type { HitKind } from '../../../shared/search/format.js';

// One small icon per kind of hit, as in the reference plugin: a page, a heading, a paragraph.
const PATHS: Record<'page' | 'heading' | 'text', string> = {
  page: 'M6 2h8l4 4v16H6V2zm8 0v4h4M9 11h6M9 15h6M9 19h4',
  heading: 'M7 4v16M17 4v16M7 12h10',
  text: 'M4 6h16M4 10h16M4 14h16M4 18h10',
};

export function ResultIcon({ kind }: { kind: HitKind }) {
  const shape = kind === 'heading' ? 'heading' : kind === 'content' ? 'text' : 'page';
  return (
    <svg className="search-result-icon" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <path d={PATHS[shape]} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
