import { createHash } from 'node:crypto';

// The wrong-base-url banner of a locale's home page (Docusaurus's `baseUrlIssueBanner`): a site built
// for one base url but served under another loads none of its scripts and styles, and would show a raw
// page. A small inline script in the head waits for the document; when the site's entry module has
// not started by then (it sets `window.__sitegenStarted`) and the page is not where the config says,
// it puts a banner with its own inline styles at the top: the site did not load properly, the
// configured base url, and the one to try (where the page actually is). The script's text is the same
// on every site (it reads the configured base url and the locale's path from its own attributes), so
// `sitegen serve`'s Content-Security-Policy allows exactly it by its hash.

const SCRIPT = `(function(){var s=document.currentScript;document.addEventListener('DOMContentLoaded',function(){if(window.__sitegenStarted)return;var base=s.getAttribute('data-base-url')||'/',loc=s.getAttribute('data-locale-path')||'',p=location.pathname;if(p.slice(-1)!=='/')p=p.replace(/[^/]*$/,'');if(loc&&p.slice(-loc.length)===loc)p=p.slice(0,-loc.length);if(p===base)return;var box=document.createElement('div');box.id='__sitegen-base-url-banner';box.setAttribute('role','alert');box.style.cssText='font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c1e21;background:#fff4f2;border:2px solid #c62828;border-radius:6px;margin:16px;padding:12px 20px;max-width:60rem';function line(parts,strong){var el=document.createElement('p');el.style.margin='6px 0';for(var i=0;i<parts.length;i++){var t=parts[i];if(i%2){var c=document.createElement('code');c.style.cssText='font:600 15px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#fde0dc;padding:1px 5px;border-radius:4px';c.textContent=t;el.appendChild(c)}else el.appendChild(document.createTextNode(t))}if(strong)el.style.fontWeight='700';box.appendChild(el)}line(['This site did not load properly.'],true);line(['A very common reason is a wrong base url: the site was built for ',"baseUrl: '"+base+"'",' but is served under another path.']);line(['We suggest trying ',"baseUrl: '"+p+"'",' (the path this page is served at): build the site again with it, or serve the site at ',base,'.']);document.body.insertBefore(box,document.body.firstChild)})})();`;

/** The banner's script tag for a locale's home page. */
export function baseUrlBannerTag(params: { siteBaseUrl: string; localeBaseUrl: string }): string {
  const localePath = params.localeBaseUrl.slice(params.siteBaseUrl.length);
  const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<script data-base-url="${attr(params.siteBaseUrl)}"${localePath ? ` data-locale-path="${attr(localePath)}"` : ''}>${SCRIPT}</script>`;
}

/** The CSP source that allows the banner's script and no other inline script. */
export function baseUrlBannerCspSource(): string {
  return `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;
}
