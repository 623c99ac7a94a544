// The script the dev server adds to every page: listens to the server's events, swaps in the new
// markdown body when only that changed (the theme renders it as raw HTML, which React leaves alone),
// reloads the page otherwise (keeping the scroll position), and shows build problems in an overlay
// with file:line, over the last good page, until they are fixed. Plain ES2019, no imports: it runs
// before and apart from the site's own code.

export const EVENTS_PATH = '/__sitegen/events';

// Its norm() is normalizePathname(p, { html: true }) of src/shared/url.ts written out: the script is text.
const SCRIPT = String.raw`(function () {
  var KEY = '__sitegen_dev_scroll';
  var generation = __GENERATION__;
  try {
    var saved = JSON.parse(sessionStorage.getItem(KEY) || 'null');
    sessionStorage.removeItem(KEY);
    if (saved && saved.path === location.pathname) {
      var restore = function () { window.scrollTo(0, saved.y); };
      document.addEventListener('DOMContentLoaded', restore);
      window.addEventListener('load', restore);
    }
  } catch (e) {}
  function norm(p) {
    try { p = decodeURI(p); } catch (e) {}
    return p.replace(/\/index\.html$/, '/').replace(/\.html$/, '').replace(/\/+$/, '') || '/';
  }
  function reload() {
    try { sessionStorage.setItem(KEY, JSON.stringify({ path: location.pathname, y: window.scrollY })); } catch (e) {}
    location.reload();
  }
  var host;
  function hide() { if (host) { host.remove(); host = undefined; } }
  function esc(s) { return String(s).replace(/[&<>"]/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]; }); }
  function show(report) {
    hide();
    host = document.createElement('sitegen-dev-overlay');
    host.setAttribute('role', 'alert');
    var root = host.attachShadow({ mode: 'open' });
    var items = report.problems.map(function (p) {
      var where = p.file ? p.file + (p.line ? ':' + p.line + (p.column ? ':' + p.column : '') : '') : '';
      return '<li>' + (where ? '<code class="where">' + esc(where) + '</code>' : '') + '<div class="msg">' + esc(p.message) + '</div>' + (p.hint ? '<div class="hint">' + esc(p.hint) + '</div>' : '') + '</li>';
    }).join('');
    root.innerHTML = '<style>' +
      ':host{position:fixed;inset:0;z-index:2147483647;display:block;background:rgba(20,20,24,.72);font:14px/1.5 ui-sans-serif,system-ui,sans-serif}' +
      '.box{margin:6vh auto;max-width:860px;max-height:84vh;overflow:auto;background:#1e1e24;color:#eee;border-top:4px solid #ff5d5d;border-radius:6px;padding:20px 24px;box-shadow:0 10px 40px rgba(0,0,0,.5)}' +
      'h2{margin:0 0 12px;font-size:17px;color:#ff8080}ul{margin:0;padding:0;list-style:none}li{padding:10px 0;border-top:1px solid #333}' +
      '.where{display:block;color:#8fd3ff;font:13px ui-monospace,monospace;margin-bottom:4px}.msg{white-space:pre-wrap}.hint{color:#aaa;margin-top:4px}' +
      'button{float:right;background:none;border:0;color:#aaa;font-size:22px;cursor:pointer}p{color:#999;margin:14px 0 0;font-size:12px}</style>' +
      '<div class="box"><button aria-label="Close">\u00d7</button><h2>' + esc(report.title) + '</h2><ul>' + items + '</ul><p>Fix the file and save: the page updates by itself. The server keeps serving the last good build.</p></div>';
    root.querySelector('button').addEventListener('click', hide);
    (document.body || document.documentElement).appendChild(host);
  }
  var source = new EventSource('__EVENTS__');
  function on(type, fn) { source.addEventListener(type, function (e) { fn(JSON.parse(e.data)); }); }
  on('hello', function (d) {
    if (d.generation !== generation) return reload();
    if (d.problems) show(d.problems); else hide();
  });
  on('reload', function (d) {
    generation = d.generation;
    if (d.paths === 'all' || d.paths.map(norm).indexOf(norm(location.pathname)) !== -1) reload();
  });
  on('update', function (d) {
    generation = d.generation;
    var here = d.pages.filter(function (p) { return norm(p.path) === norm(location.pathname); })[0];
    if (!here) return;
    var bodies = document.querySelectorAll('[data-body]');
    if (bodies.length !== 1) return reload();
    if (typeof here.body === 'string') return void (bodies[0].innerHTML = here.body);
    fetch(here.data, { cache: 'no-store' }).then(function (r) { return r.json(); }).then(function (data) {
      if (typeof data.page.bodyHtml !== 'string') return reload();
      bodies[0].innerHTML = data.page.bodyHtml;
    }).catch(reload);
  });
  on('problems', function (d) { show(d.problems); });
  on('ok', function (d) { generation = d.generation; hide(); });
})();`;

/** The script tag for a page served at `generation` (a page that missed a change reloads on connect). */
export function devClientTag(generation: number): string {
  return `<script>${SCRIPT.replace('__GENERATION__', String(generation)).replace('__EVENTS__', EVENTS_PATH)}</script>`;
}
