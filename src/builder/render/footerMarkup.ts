import type { ResolvedFooter, SiteChrome } from '../../shared/navbar.js';
import type { PageData } from '../../shared/types.js';
import { detached } from './detached.js';
import type { Draw } from './navbarMarkup.js';

// A locale's footer, drawn once per thread instead of once per page. The footer (theme/components/
// Footer.tsx) is a function of the chrome alone, the same on every page of a locale, and about a
// quarter of what React draws of a docs page of the Shifu site (22 links in 5 columns).
//
// So each page is drawn with a stand-in chrome whose footer is an empty one holding a token as its
// copyright; `finish` puts the real footer's markup in place of the stand-in's. Which markup is which
// is learned once per chrome: one page drawn with the real footer and with the stand-in, the part
// where the two differ (the stand-in's markup around its token, the real footer's markup). A page
// whose two drawings do not differ in that way alone (the token not once in the stand-in's part, the
// head or the links not the same) is drawn with its real footer, and the footer learned from a later
// page; after a few such pages, the chrome's pages keep their real footer.
//
// The stand-in chrome counts how often its footer is read while a page is drawn: the theme's Footer
// reads it once. A page that reads it otherwise (a React page reading useSite().chrome.footer), that
// does not show the token once where the stand-in's markup has it, or that draws no footer, is not
// finished: the caller draws it again with its real chrome. The browser never sees the stand-in: the
// page data carries the real chrome, which hydrates the same markup. Used by the HTML handler
// (parallel/htmlHandler.ts), after the navbar's stand-in (navbarMarkup.ts) chose the chrome.
//
// API: new FooterMarkup() once per thread and build; standIn(chrome, page, draw) per page, where
// `draw` renders a page with the given chrome (its markup, head and links).

/** The stand-in footer's copyright: with a NUL, which a page's text hardly holds (a page that does is drawn with its real footer). */
const TOKEN = '\u0000sitegen-footer\u0000';

export interface FooterStandIn {
  /** The chrome to draw the page with. */
  chrome: SiteChrome;
  /** The page's markup with the real footer's in place; undefined when it is not as expected (draw the page with its real chrome). */
  finish(html: string): string | undefined;
}

/** The stand-in's markup around its token, and the real footer's markup that replaces it. */
interface Template {
  before: string;
  after: string;
  markup: string;
}

interface Plan {
  /** The chrome with the stand-in footer, whose reads of `footer` are counted in `reads`. */
  standIn: SiteChrome;
  reads: number;
  template?: Template;
  /** Pages it could not be learned from. */
  failures: number;
}

/** Pages a chrome's footer is tried to be learned from before its pages keep their real footer. */
const MAX_FAILURES = 3;

export class FooterMarkup {
  private plans = new Map<SiteChrome, Plan>();

  /** The stand-in for one page's footer; undefined: draw the page with `chrome` as it is. */
  standIn(chrome: SiteChrome, page: PageData, draw: Draw): FooterStandIn | undefined {
    if (!chrome.footer) return undefined;
    const plan = this.planOf(chrome, chrome.footer);
    if (!plan.template) {
      // Learned from another page when this one is not as expected (a React page without the footer), a few times at most.
      if (plan.failures >= MAX_FAILURES) return undefined;
      const learned = this.learn(chrome, plan, page, draw);
      if (!learned) {
        plan.failures++;
        return undefined;
      }
      plan.template = learned;
    }
    const template = plan.template;
    plan.reads = 0;
    return {
      chrome: plan.standIn,
      finish: (html) => {
        if (plan.reads !== 1) return undefined;
        // The footer is near the end: its token is looked for from there (a token in the page's text
        // before it is drawn so with the real footer too). Not from the start: in a two-byte string, a
        // search for a NUL meets a zero byte at every ASCII character (40 us a page, against 0.1 us).
        const at = html.lastIndexOf(TOKEN);
        const start = at - template.before.length;
        const end = at + TOKEN.length;
        if (at === -1 || !html.startsWith(template.before, start) || !html.startsWith(template.after, end)) return undefined;
        return html.slice(0, start) + template.markup + html.slice(end + template.after.length);
      },
    };
  }

  private planOf(chrome: SiteChrome, footer: ResolvedFooter): Plan {
    let plan = this.plans.get(chrome);
    if (plan) return plan;
    const standInFooter: ResolvedFooter = { style: footer.style, simple: false, columns: [], copyright: TOKEN };
    const standIn = { ...chrome };
    const made: Plan = { standIn, reads: 0, failures: 0 };
    Object.defineProperty(standIn, 'footer', {
      enumerable: true,
      get: () => {
        made.reads++;
        return standInFooter;
      },
    });
    this.plans.set(chrome, made);
    return made;
  }

  /** The template of `chrome`'s footer: `page` drawn with the real footer and with the stand-in; undefined when they differ otherwise than expected. */
  private learn(chrome: SiteChrome, plan: Plan, page: PageData, draw: Draw): Template | undefined {
    let real;
    let stand;
    try {
      real = draw(chrome, page);
      plan.reads = 0;
      stand = draw(plan.standIn, page);
    } catch {
      return undefined;
    }
    if (plan.reads !== 1 || JSON.stringify(real.head) !== JSON.stringify(stand.head) || real.links.join('\n') !== stand.links.join('\n')) return undefined;
    const a = real.html;
    const b = stand.html;
    if (a.includes(TOKEN)) return undefined;
    const shorter = Math.min(a.length, b.length);
    let prefix = 0;
    while (prefix < shorter && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
    let suffix = 0;
    while (suffix < shorter - prefix && a.charCodeAt(a.length - 1 - suffix) === b.charCodeAt(b.length - 1 - suffix)) suffix++;
    const part = b.slice(prefix, b.length - suffix);
    const at = part.indexOf(TOKEN);
    if (at === -1 || part.indexOf(TOKEN, at + 1) !== -1) return undefined;
    return { before: detached(part.slice(0, at)), after: detached(part.slice(at + TOKEN.length)), markup: detached(a.slice(prefix, a.length - suffix)) };
  }
}
