import type { SiteChrome } from '../../shared/navbar.js';

// The analytics services a site may turn on in its config. Each one loads its vendor script and
// returns what to do on every page view; the first view is sent when it starts.

export type AnalyticsConfig = NonNullable<SiteChrome['analytics']>;
export type PageView = (path: string) => void;

type Queue = unknown[];
interface AnalyticsWindow {
  dataLayer?: Queue;
  gtag?: (...args: unknown[]) => void;
  hj?: ((...args: unknown[]) => void) & { q?: Queue };
  _hjSettings?: { hjid: string; hjsv: number };
  _hmt?: Queue;
}
const w = window as unknown as AnalyticsWindow;

function loadScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

/** Google's gtag.js with one tracking id: `page_path` in a config call, then a `page_view` event. */
export function gtag(config: NonNullable<AnalyticsConfig['gtag']>): PageView {
  const id = config.trackingID;
  w.dataLayer = w.dataLayer ?? [];
  const queue = w.dataLayer;
  // gtag.js reads the `arguments` objects it finds in dataLayer, not arrays.
  w.gtag =
    w.gtag ??
    function gtag() {
      queue.push(arguments);
    };
  w.gtag('js', new Date());
  // Page views are sent by hand below, on every route change; the config call must not add its own.
  w.gtag('config', id, { anonymize_ip: config.anonymizeIP, send_page_view: false });
  loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`);
  return (path) => {
    w.gtag!('config', id, { page_path: path, anonymize_ip: config.anonymizeIP, send_page_view: false });
    w.gtag!('event', 'page_view', { page_path: path, page_title: document.title, page_location: location.href, send_to: id });
  };
}

/** Hotjar heat maps: told about each route change of the single-page app. */
export function hotjar(config: NonNullable<AnalyticsConfig['hotjar']>): PageView {
  if (!w.hj) {
    const queue: Queue = [];
    w.hj = Object.assign((...args: unknown[]) => void queue.push(args), { q: queue });
  }
  const hj = w.hj;
  w._hjSettings = { hjid: config.applicationId, hjsv: 6 };
  loadScript(`https://static.hotjar.com/c/hotjar-${encodeURIComponent(config.applicationId)}.js?sv=6`);
  let first = true;
  return (path) => {
    // The script records the page it loads on by itself.
    if (!first) hj('stateChange', path);
    first = false;
  };
}

/** Baidu Tongji: its script counts the page it loads on; later routes are pushed as page views. */
export function baidu(config: NonNullable<AnalyticsConfig['baidu']>): PageView {
  w._hmt = w._hmt ?? [];
  const queue = w._hmt;
  loadScript(`https://hm.baidu.com/hm.js?${encodeURIComponent(config.siteId)}`);
  let first = true;
  return (path) => {
    if (!first) queue.push(['_trackPageview', path]);
    first = false;
  };
}
