import { Fragment, type ReactNode } from 'react';
import type { LastUpdate } from '../../shared/types.js';
import { useSite } from '../context.js';

// "Last updated on <date> by <author>" at the foot of a doc (showLastUpdateTime /
// showLastUpdateAuthor), worded by the locale's theme strings as Docusaurus words it; the date in the
// locale's short form, in UTC, so that every reader (and the server render) sees the same day.

/** A message whose {placeholders} are elements: the text between them, and each element in its place. */
function withElements(message: string, values: Record<string, ReactNode>): ReactNode[] {
  return message.split(/(\{\w+\})/).map((part, i) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return <Fragment key={i}>{name !== undefined && name in values ? values[name] : part}</Fragment>;
  });
}

export function LastUpdated({ at, by }: LastUpdate) {
  const { chrome } = useSite();
  const message = (id: string) => chrome.strings[id] ?? id;
  const date =
    at === undefined ? undefined : (
      <b>
        <time dateTime={new Date(at).toISOString()} itemProp="dateModified">
          {new Intl.DateTimeFormat(chrome.locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(at)}
        </time>
      </b>
    );
  return (
    <span className="last-updated">
      {withElements(message('theme.lastUpdated.lastUpdatedAtBy'), {
        atDate: date ? withElements(message('theme.lastUpdated.atDate'), { date }) : '',
        byUser: by ? withElements(message('theme.lastUpdated.byUser'), { user: <b>{by}</b> }) : '',
      })}
    </span>
  );
}
