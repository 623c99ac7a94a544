// `feedOptions.xslt`: stylesheets a browser applies to a blog's rss.xml and atom.xml, so that a
// reader who opens a feed sees a page (title, description, the posts with dates and links) rather
// than raw XML. `true` is sitegen's own stylesheet; a string names the site's (relative to the blog
// folder, copied next to the feed with a .css file of the same name when there is one).
import fs from 'node:fs';
import path from 'node:path';
import { SitegenError } from '../api.js';

const page = (params: { title: string; items: string; itemTitle: string; itemLink: string; itemDate: string; itemSummary: string; description: string }) => `<?xml version="1.0" encoding="utf-8"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:atom="http://www.w3.org/2005/Atom">
  <xsl:output method="html" version="1.0" encoding="UTF-8" indent="yes"/>
  <xsl:template match="/">
    <html lang="en">
      <head>
        <meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <title><xsl:value-of select="${params.title}"/></title>
        <style>body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1c1e21}.note{background:#eef3fd;padding:.75rem 1rem;border-radius:6px}.item{border-bottom:1px solid #ddd;padding:1rem 0}.date{color:#606770;font-size:.9rem}</style>
      </head>
      <body>
        <p class="note">This is a web feed: copy its url into a feed reader to follow new posts.</p>
        <h1><xsl:value-of select="${params.title}"/></h1>
        <p><xsl:value-of select="${params.description}"/></p>
        <xsl:for-each select="${params.items}">
          <div class="item">
            <h2><a><xsl:attribute name="href"><xsl:value-of select="${params.itemLink}"/></xsl:attribute><xsl:value-of select="${params.itemTitle}"/></a></h2>
            <div class="date"><xsl:value-of select="${params.itemDate}"/></div>
            <p><xsl:value-of select="${params.itemSummary}"/></p>
          </div>
        </xsl:for-each>
      </body>
    </html>
  </xsl:template>
</xsl:stylesheet>
`;

const RSS_XSL = page({
  title: 'rss/channel/title',
  description: 'rss/channel/description',
  items: 'rss/channel/item',
  itemTitle: 'title',
  itemLink: 'link',
  itemDate: 'pubDate',
  itemSummary: 'description',
});
const ATOM_XSL = page({
  title: 'atom:feed/atom:title',
  description: 'atom:feed/atom:subtitle',
  items: 'atom:feed/atom:entry',
  itemTitle: 'atom:title',
  itemLink: 'atom:link/@href',
  itemDate: 'atom:updated',
  itemSummary: 'atom:summary',
});

/** The files to write next to a feed and the processing instruction that names its stylesheet. */
export function feedStylesheet(params: { kind: 'rss' | 'atom'; option: boolean | string; blogDir: string }): { instruction: string; files: { name: string; data: string | Uint8Array }[] } | undefined {
  const { kind, option } = params;
  if (option === false) return undefined;
  if (option === true) {
    const name = `${kind}.xsl`;
    return { instruction: `<?xml-stylesheet type="text/xsl" href="${name}"?>\n`, files: [{ name, data: kind === 'rss' ? RSS_XSL : ATOM_XSL }] };
  }
  const file = path.resolve(params.blogDir, option);
  if (!fs.existsSync(file)) {
    throw new SitegenError('A feed stylesheet is missing', [
      { message: `feedOptions.xslt.${kind}: ${file} does not exist`, hint: "Give a path relative to the blog folder, or true for sitegen's own stylesheet." },
    ]);
  }
  const name = path.basename(file);
  const css = file.replace(/\.xslt?$/, '.css');
  const files = [{ name, data: fs.readFileSync(file) as Uint8Array }];
  if (css !== file && fs.existsSync(css)) files.push({ name: path.basename(css), data: fs.readFileSync(css) });
  return { instruction: `<?xml-stylesheet type="text/xsl" href="${name}"?>\n`, files };
}
