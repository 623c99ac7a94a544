import type { SidebarItem } from '../../shared/types.js';
import { normalizePathname } from '../../shared/url.js';
import { firstHref } from '../../shared/sidebar.js';
import { detached } from './detached.js';

// A docs page's sidebar, drawn item by item once per thread instead of once per page. The server
// draws every item of a page's sidebar (theme/components/Sidebar.tsx), and most of them are drawn
// the same on many pages: an item off the page's trail (neither the page nor a category holding it)
// is a function of itself, its level and the locale's strings.
//
// Measured (the pages' HTML jobs of a cold build replayed on one thread, the server bundle rendering
// them with the real sidebar and with the stand-in in turn, CPU of 6 passes, 10:55 UTC, loaded
// machine): the 1,000-docs folder site (bench/folder.ts, a window of 100 links a page) 307-536 ms
// per pass with the real sidebar, 71-157 ms with the stand-in (56 ms drawing no sidebar at all),
// plus 50 ms making the stand-ins and finishing the pages; the versioned site (bench/versioned.ts,
// 2,640 docs pages of 22 links and 5 categories) 841-975 ms against 604-927 ms, plus 95 ms.
//
// So each page is rendered with a stand-in sidebar: the items on its trail as they are, each run of
// items off it whose markup this thread already holds replaced by one `html` item holding a token,
// and each item drawn for the first time preceded by a marker (an `html` item too). `finish` then
// puts the markup of the runs in place of their tokens' list items, and keeps what the page drew
// between markers as each new item's markup. The markup is React's own (nothing is drawn here), and
// a list item's markup does not depend on its neighbours (siblings are elements: no text separator).
// `finish` checks each token's list item before touching it; when anything is not as expected it
// returns undefined and the caller draws the page again with its real sidebar.
//
// The browser never sees the stand-in: the page data carries the real sidebar, which hydrates the
// same markup. Used by the HTML handler (parallel/htmlHandler.ts) on docs pages only: their layout
// is sitegen's (DocRoot), and nothing but the sidebar's menus reads the sidebar while it is drawn
// (the markdown's components, which may, were drawn by the markdown stage).
//
// What it works out of an item object (its JSON, its href normalised, its markup's key and markup) is
// kept in one record per object in a plain Map that the HTML handler empties as each message starts
// (a message's items are new objects: structured clone), instead of three WeakMaps and two Maps keyed
// by strings looked up for every item of every page. The sidebar work of 2,000 pages of the
// 10,000-docs folder site (windows of 100 items, in messages of 40 cloned as a thread gets them,
// React drawing the stand-in included; 10 rounds alternating, 03:00 UTC, load 10): median 428 ->
// 359 ms of CPU.
//
// API: new SidebarMarkup() once per thread and build; forget() as each message's jobs start;
// standIn(items, route, locale) per page, and json(items): the page data's JSON of a sidebar, from
// the same serialisation of each item.

/** What `SidebarMarkup` holds of one item object: its JSON, its href normalised, the key of its markup at a level, and that markup once known (for `locale`). */
interface Memo {
  json: string;
  path: string | undefined;
  level: number;
  key: string;
  locale: string | undefined;
  markup: string | undefined;
}

/** Items remembered at most (more than any message's sidebars hold): a caller that never calls forget() stays bounded. */
const MAX_MEMOS = 100_000;

/** What starts a token: with a NUL, which a page's own text hardly holds (one that does is drawn with its real sidebar: `finish` finds a token out of place). */
const TOKEN = '\u0000sitegen-sidebar:';

interface Slot {
  token: string;
  /** The markup that replaces the token's list item (a run of known items), or the key the markup after the marker is kept under (an item drawn for the first time), or neither (the end of such items). */
  markup?: string;
  key?: string;
}

export interface StandIn {
  /** The sidebar to draw the page with. */
  items: SidebarItem[];
  /** The page's markup with the sidebar's real markup back in place; undefined when it is not as expected (draw the page with its real sidebar). */
  finish(html: string): string | undefined;
}

export class SidebarMarkup {
  /** Markup of an item off the trail, by locale, then by level and item. */
  private known = new Map<string, Map<string, string>>();
  /**
   * What this thread worked out of each item object met (see Memo): the jobs of one message to a
   * thread share their sidebars' item objects (structured clone keeps shared references), so most
   * items are serialised and looked up once per message rather than once per page. A plain Map,
   * emptied by `forget()` as each message starts (its items are not met again), not a WeakMap.
   */
  private memos = new Map<SidebarItem, Memo>();
  /** normalizePathname of each page's route. */
  private paths = new Map<string, string>();

  /** Forgets the items met so far (call as a message's jobs start: its items are new objects). */
  forget(): void {
    this.memos.clear();
  }

  private memoOf(item: SidebarItem): Memo {
    let memo = this.memos.get(item);
    if (memo === undefined) {
      // Bounded for a caller that never forgets: the memo is a cache of what the item's content gives.
      if (this.memos.size >= MAX_MEMOS) this.memos.clear();
      memo = { json: JSON.stringify(item), level: 0, key: '', path: item.href === undefined ? undefined : normalizePathname(item.href), locale: undefined, markup: undefined };
      this.memos.set(item, memo);
    }
    return memo;
  }

  /** The key of an item's markup off the trail: its level and its JSON. */
  private keyOf(memo: Memo, level: number): string {
    if (memo.level !== level) {
      memo.level = level;
      memo.key = `${level}\u0000${memo.json}`;
      memo.locale = undefined;
      memo.markup = undefined;
    }
    return memo.key;
  }

  /** JSON.stringify(items), each item serialised once per message (see `memos`): the page data carries a pruned sidebar. */
  json(items: SidebarItem[]): string {
    let out = '[';
    for (let i = 0; i < items.length; i++) out += (i ? ',' : '') + this.memoOf(items[i]).json;
    return out + ']';
  }

  private normal(path: string): string {
    let p = this.paths.get(path);
    if (p === undefined) this.paths.set(path, (p = normalizePathname(path)));
    return p;
  }

  /** The stand-in for one page's sidebar (`items`: what the page draws, pruned or not). */
  standIn(items: SidebarItem[], route: string, locale: string): StandIn {
    let known = this.known.get(locale);
    if (!known) this.known.set(locale, (known = new Map()));
    const here = this.normal(route);
    const trail = categoryTrail(items, route, here, (item) => this.memoOf(item).path);
    const slots: Slot[] = [];
    const token = (slot: Omit<Slot, 'token'>): SidebarItem => {
      const t = `${TOKEN}${slots.length}\u0000`;
      slots.push({ token: t, ...slot });
      return { type: 'html', value: t };
    };
    const list = (items: SidebarItem[], level: number): SidebarItem[] => {
      const out: SidebarItem[] = [];
      let run: string[] = [];
      let newItems = false;
      const endRun = () => {
        if (run.length) out.push(token({ markup: run.join('') }));
        run = [];
      };
      const endNew = () => {
        if (newItems) out.push(token({}));
        newItems = false;
      };
      for (const item of items) {
        // A link is on the trail when it is the page (its memo, needed below anyway, holds its path); a
        // category when categoryTrail found the page below it.
        const memo = item.type === 'category' ? undefined : this.memoOf(item);
        if (memo ? isHere(item, memo.path, route, here) : trail.has(item)) {
          endRun();
          endNew();
          // A category drawn open: its own markup reads its items only for the url of its label when it
          // has no page (firstHref), which is taken from the real items.
          out.push(item.type === 'category' ? { ...item, items: list(item.items, level + 1), ...(item.href ? {} : { firstHref: firstHref(item) }) } : item);
          continue;
        }
        const off = memo ?? this.memoOf(item);
        const key = this.keyOf(off, level);
        let markup = off.locale === locale ? off.markup : undefined;
        if (markup === undefined && (markup = known!.get(key)) !== undefined) {
          off.locale = locale;
          off.markup = markup;
        }
        if (markup !== undefined) {
          endNew();
          run.push(markup);
        } else {
          endRun();
          out.push(token({ key }), item);
          newItems = true;
        }
      }
      endRun();
      endNew();
      return out;
    };
    const standIn = list(items, 1);
    if (!slots.length) return { items, finish: (html) => html };
    return {
      items: standIn,
      finish: (html) => {
        const parts: string[] = [];
        const learned: [string, string][] = [];
        let from = 0;
        /** The key whose markup runs from `from` to the next token's list item. */
        let learning: string | undefined;
        for (const slot of slots) {
          // The next token of any kind must be this one: the page's markup holds each token once, in order.
          const at = html.indexOf(TOKEN, from);
          if (at === -1 || !html.startsWith(slot.token, at)) return undefined;
          // The token's list item: `<li ...>TOKEN</li>`, its start tag ending right before the token.
          const start = html.lastIndexOf('<li', at);
          if (start < from || html.indexOf('>', start) !== at - 1 || !html.startsWith('</li>', at + slot.token.length)) return undefined;
          const before = html.slice(from, start);
          if (learning !== undefined) learned.push([learning, before]);
          parts.push(before);
          if (slot.markup !== undefined) parts.push(slot.markup);
          learning = slot.key;
          from = at + slot.token.length + '</li>'.length;
        }
        if (html.includes(TOKEN, from)) return undefined;
        parts.push(html.slice(from));
        const out = parts.join('');
        for (const [key, markup] of learned) known!.set(key, detached(markup));
        return out;
      },
    };
  }
}

/**
 * Whether a link is the page, by the theme's rule (theme/components/Sidebar.tsx activeTrail): its href
 * is the route, or is the same path once both are normalised (`path`: its href normalised).
 */
function isHere(item: SidebarItem, path: string | undefined, route: string, here: string): boolean {
  return Boolean(item.href && (item.href === route || path === here));
}

/**
 * The categories on the page's trail: those holding the page, or that are the page (isHere), with
 * the items below them on it. A link outside every category is not in it: standIn asks isHere of
 * each link as it lists it, from the memo it reads anyway, so a flat list (the 1,000-docs folder
 * site, bench/folder.ts: a window of 100 links a page) is looked through once per page, not twice.
 * standIn on each of those 1,000 pages' windows, 5 times, in one process (tsx), base and change
 * alternating 12 times (00:00 UTC, load 26): median 137 -> 121 ms of CPU, lower in 9 of 12 pairs.
 */
function categoryTrail(items: SidebarItem[], route: string, here: string, pathOf: (item: SidebarItem) => string | undefined): Set<SidebarItem> {
  const trail = new Set<SidebarItem>();
  const walk = (item: SidebarItem): boolean => {
    let active = isHere(item, item.href && pathOf(item), route, here);
    if (item.type === 'category') for (const child of item.items) if (walk(child)) active = true;
    if (active) trail.add(item);
    return active;
  };
  for (const item of items) if (item.type === 'category') walk(item);
  return trail;
}
