import { LOCATION_CHANGE } from '../../theme/components/Link.js';
import { gtag, hotjar, baidu, type AnalyticsConfig, type PageView } from './providers.js';

// Loaded on demand (its own chunk) once the page is interactive, only on sites that configure
// analytics and never in `sitegen dev`: sends a page view now and on every path, query or hash change.

export function startAnalytics(config: AnalyticsConfig): void {
  const views: PageView[] = [];
  if (config.gtag) views.push(gtag(config.gtag));
  if (config.hotjar) views.push(hotjar(config.hotjar));
  if (config.baidu) views.push(baidu(config.baidu));
  if (!views.length) return;
  let last = '';
  const view = () => {
    const path = location.pathname + location.search + location.hash;
    if (path === last) return;
    last = path;
    for (const send of views) send(path);
  };
  view();
  window.addEventListener(LOCATION_CHANGE, view);
}
