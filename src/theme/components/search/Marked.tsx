import type { ReactNode } from 'react';
import type { MarkedText } from '../../../shared/search/highlight.js';

/** Text with its matches in <mark>s, as React text nodes: a query or a page's text is never parsed as HTML. */
export function Marked({ value }: { value: MarkedText }) {
  const out: ReactNode[] = [];
  let at = 0;
  value.ranges.forEach(([start, end], i) => {
    if (start > at) out.push(value.text.slice(at, start));
    out.push(<mark key={i}>{value.text.slice(start, end)}</mark>);
    at = end;
  });
  if (at < value.text.length) out.push(value.text.slice(at));
  return <>{out}</>;
}
