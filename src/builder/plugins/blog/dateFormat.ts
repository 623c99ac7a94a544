// The blog's dates as Docusaurus shows them ("January 2, 2024", in the page's language: Intl, UTC),
// kept in sitegen's cache folder (cacheFolder.ts) between runs. The first Intl.DateTimeFormat of a
// process costs 17-35 ms of CPU (ICU loads its date patterns; 3 new processes, 16:37 UTC, load 13),
// and every warm build of a site with a blog paid it for the same few dates. A date is formatted by
// a formatter of the language only when it is not in the file, which is keyed by node's ICU, CLDR and
// time zone data versions and the format's options (the same inputs, the same text). A file missing,
// unreadable or corrupted is a set of misses; new dates are written when the process ends (to a file
// of its own, renamed over the old one: a concurrent build's write is lost, not torn).
import fs from 'node:fs';
import crypto from 'node:crypto';
import { cacheFolder, markUsed } from '../api.js';

const OPTIONS: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' };

export interface BlogDates {
  /** `iso` (a post's date) as shown in the language `lang`. */
  format(iso: string, lang: string): string;
  /** Writes the dates formatted since the file was read (the process's end does it once). */
  save(): void;
}

/** The dates kept in `file` (default: the cache folder's file for this node's ICU data). */
export function blogDates(file = defaultFile()): BlogDates {
  let known: Record<string, Record<string, string>> | undefined;
  let added = false;
  const formats = new Map<string, Intl.DateTimeFormat>();
  const read = () => {
    try {
      const value = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
      // Only a language's object of dates is kept: anything else a corrupted file holds is a miss.
      const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
      known = isObject(value) ? (Object.fromEntries(Object.entries(value).filter(([, dates]) => isObject(dates))) as typeof known) : {};
      markUsed(file);
    } catch {
      known = {};
    }
    return known!;
  };
  return {
    format(iso, lang) {
      const dates = ((known ?? read())[lang] ??= {});
      const kept = dates[iso];
      if (typeof kept === 'string') return kept;
      let format = formats.get(lang);
      if (!format) formats.set(lang, (format = new Intl.DateTimeFormat(lang, OPTIONS)));
      added = true;
      return (dates[iso] = format.format(new Date(iso)));
    },
    save() {
      if (!added || !known) return;
      added = false;
      const tmp = `${file}.${process.pid}-${crypto.randomBytes(4).toString('hex')}.tmp`;
      try {
        fs.mkdirSync(cacheFolder(), { recursive: true });
        fs.writeFileSync(tmp, JSON.stringify(known));
        fs.renameSync(tmp, file);
      } catch {
        fs.rmSync(tmp, { force: true });
        // Formatted again next time.
      }
    },
  };
}

function defaultFile(): string {
  const { icu, cldr, tz, unicode } = process.versions as Record<string, string | undefined>;
  const key = crypto
    .createHash('sha1')
    .update(JSON.stringify([icu, cldr, tz, unicode, OPTIONS]))
    .digest('hex')
    .slice(0, 16);
  return cacheFolder(`blog-dates-${key}.json`);
}

let shared: BlogDates | undefined;

/** This process's dates, saved as it ends. */
export function formatBlogDate(iso: string, lang: string): string {
  if (!shared) {
    shared = blogDates();
    const dates = shared;
    process.once('exit', () => dates.save());
  }
  return shared.format(iso, lang);
}
