import type { SearchPageInput } from '../../plugins/api.js';
import type { FieldKey } from '../../../shared/search/format.js';
import { stripTrailingSlash } from '../../../shared/url.js';

// One page's search input → section documents. A page gives one document per section: the first
// (the intro, before any h2) carries the title, description and keywords; every section carries the
// page title too, so that a query naming the page and a section ("deviceShifu telemetry") lands on
// that section. Hits show as the five kinds of the reference plugin (title, heading, keywords,
// description, content; a code hit is a content hit) according to the field that matched.

export interface SectionDocument {
  page: number;
  heading: string;
  hash: string;
  text: string;
  fields: Partial<Record<FieldKey, string>>;
}

export function sectionDocuments(input: SearchPageInput, page: number): SectionDocument[] {
  const docs: SectionDocument[] = [];
  const sections = input.sections.length && !input.sections[0].heading ? input.sections : [{ level: 1, text: '' }, ...input.sections];
  for (const [i, section] of sections.entries()) {
    const heading = i === 0 ? '' : (section.heading ?? '');
    // Code blocks are a field of their own (format.ts: FIELD_BOOSTS); the text kept for snippets
    // is the prose, then the code's lines, so that a snippet can show the line that matched.
    const prose = section.prose ?? section.text;
    const fields: Partial<Record<FieldKey, string>> = { t: input.title, c: prose, ...(section.code ? { x: section.code } : {}) };
    if (i === 0) {
      if (input.description) fields.d = input.description;
      // The url's last segment counts as a keyword: readers search for what they saw in the address
      // bar (`pushtoMySQL`), and it often names the page better than its title.
      fields.k = [...(input.keywords ?? []), slugOf(input.url)].join(' ').trim();
    } else if (heading && heading !== input.title) {
      fields.h = heading;
    }
    docs.push({ page, heading, hash: i === 0 ? '' : (section.id ?? ''), text: section.code ? `${prose}\n${section.code}` : prose, fields });
  }
  return docs;
}

function slugOf(url: string): string {
  const last = stripTrailingSlash(url).split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
