import type { ResultView } from '../../search/searcher.js';
import { Marked } from './Marked.js';
import { ResultIcon } from './ResultIcon.js';

/** The dropdown's rows: a page's own hit first, its sections' hits indented under it. */
export function SearchResultList(props: { views: ResultView[]; idPrefix: string; active: number; onHover: (i: number) => void; onChoose: () => void }) {
  return (
    <>
      {props.views.map((v, i) => (
        <a
          key={v.key}
          id={`${props.idPrefix}-${i}`}
          data-option=""
          role="option"
          aria-selected={props.active === i}
          className={`search-result${v.child ? ' search-result-child' : ''}${props.active === i ? ' active' : ''}`}
          href={v.href}
          onMouseEnter={() => props.onHover(i)}
          onClick={props.onChoose}
        >
          <ResultIcon kind={v.kind} />
          <span className="search-result-body">
            <span className="search-result-title">
              <Marked value={v.title} />
            </span>
            {v.text && (
              <span className={`search-result-snippet${v.code ? ' search-result-code' : ''}`}>
                <Marked value={v.text} />
              </span>
            )}
            {v.pageTitle && !v.child && <span className="search-result-page">{v.pageTitle}</span>}
          </span>
        </a>
      ))}
    </>
  );
}
