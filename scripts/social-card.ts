// Draws the Shifu site's social card (themeConfig.image: og:image and twitter:image) once, as a
// 1200x630 JPEG: link previews ignore SVG, and the gradient is ten times smaller as JPEG than as PNG.
// Its words (the name, "IoT × Kubernetes", the domain) read the same in English and Chinese, so one
// card serves both locales. Run it again after changing the card and commit the JPEG:
//   npx tsx scripts/social-card.ts
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../static/img/social-card.jpg');

// The logo of static/img/logo.svg, drawn large.
const logo = `<svg viewBox="0 0 64 64" width="200" height="200" aria-hidden="true">
  <path d="M32 3 57 17.5v29L32 61 7 46.5v-29Z" fill="#3b82f6"/>
  <path d="M41.5 22.5c-1.9-2.6-5.2-4-9.1-4-5.6 0-9.4 3-9.4 7.3 0 4 2.9 5.8 8.2 6.9l2.6.5c3 .6 4.1 1.4 4.1 2.9 0 1.8-1.9 3-4.9 3-3 0-5.3-1.2-6.6-3.4l-4.5 2.6c2 3.5 5.9 5.5 10.9 5.5 6.2 0 10.4-3.1 10.4-7.8 0-4.1-2.6-6.1-8.5-7.3l-2.5-.5c-2.6-.5-3.6-1.2-3.6-2.5 0-1.5 1.6-2.5 3.9-2.5 2.2 0 3.9.8 5 2.4Z" fill="#fff"/>
</svg>`;

const html = `<!DOCTYPE html><html><head><meta charset="utf-8"><style>
  html, body { margin: 0; width: 1200px; height: 630px; overflow: hidden; }
  body { display: flex; align-items: center; gap: 56px; padding: 0 110px; box-sizing: border-box;
    background: linear-gradient(135deg, #0f1b33 0%, #1d4ed8 100%); color: #fff; font-family: 'Liberation Sans', 'DejaVu Sans', sans-serif; }
  h1 { margin: 0; font-size: 128px; line-height: 1; letter-spacing: -2px; }
  p { margin: 28px 0 0; font-size: 48px; color: #c7d7fe; }
  .domain { margin-top: 40px; font-size: 30px; color: #93b4fd; letter-spacing: 1px; }
</style></head><body>${logo}<div><h1>Shifu</h1><p>IoT × Kubernetes</p><div class="domain">shifu.dev</div></div></body></html>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  await page.setContent(html);
  await page.screenshot({ path: out, type: 'jpeg', quality: 90 });
  console.log(`wrote ${path.relative(process.cwd(), out)} (1200x630)`);
} finally {
  await browser.close();
}
