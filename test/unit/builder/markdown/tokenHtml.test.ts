import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { toString } from 'hast-util-to-string';
import { GRAMMARS, highlight, highlightHast } from '../../../../src/builder/markdown/highlight.js';
import { tokenLines } from '../../../../src/builder/markdown/tokenHtml.js';

// Highlighted code is written as HTML straight from Prism's tokens (tokenHtml.ts), where it was a hast
// tree of token spans serialized by hast-util-to-html: the same bytes, checked here against that way
// (highlightHast, which the md format still uses) on every grammar and on the Shifu site's code.

/** Each line both ways: highlight's HTML and text, and hast-util-to-html's and hast-util-to-string's of the hast lines. */
function bothWays(code: string, lang: string) {
  const lines = highlight(code, lang);
  const hast = highlightHast(code, lang);
  return {
    direct: lines.map((l) => [l.html ?? toHtml({ type: 'text', value: l.text }), l.text]),
    generic: hast.map((l) => [toHtml(l), toString({ type: 'root', children: l })]),
  };
}

// Escapes in text and in the title attribute Prism's markup hook gives entities, quotes of every kind,
// NUL, CR LF, tabs, astral and CJK characters, a lone surrogate, empty lines, tokens over several lines.
const SAMPLES = [
  '<div class="a" title=\'b\' data-x=`c`>&amp; &lt;b&gt; &#x26; &nbsp; a < b && c > d</div>\n<script>let x = 1 < 2 && "s"; // c</script><style>p::after { content: "&" }</style>',
  "echo $'a\\nb' \"$HOME\" | grep -e 'x' & # comment <here>\nprintf '%s\\t\\0' \"\u0000\" `date`",
  '/* a\n * multi-line <comment> & more\n */\nconst s = `t${1 < 2}\nline\\x00`;\n\n\nfn main() { let r = r#"raw & <str>"#; }\n',
  '<?php echo "hi & <b>"; ?>\n```js\nconst a = 1;\n```\n# Title & <tag>\n> quote',
  "key: \"value & <v>\" # yaml\n- item: 3.14\n  text: |\n    line one\n    line two\n[section]\nname = 'toml'\r\nSELECT * FROM t WHERE a <> 1 AND b = 'x';",
  '中文 注释 😀 \ud800 \u00a0 tab\there\r\n\r\nend\n',
  '',
  '\n',
];

const names = [...new Set(GRAMMARS.flatMap((g) => [g.displayName, ...(g.aliases ?? [])]))];

describe('highlighted code as HTML', () => {
  it('is what hast-util-to-html writes of the tokens, line by line, for every grammar and alias', () => {
    for (const lang of [...names, 'sh', 'shell', 'console', 'zsh', 'yml', 'ts', 'py', 'golang', 'dockerfile', 'ps1', 'text', 'nosuchlang', '']) {
      for (const code of SAMPLES) {
        const { direct, generic } = bothWays(code, lang);
        expect(direct, `${lang}: ${JSON.stringify(code)}`).toEqual(generic);
      }
    }
  });

  it("is the same for every code block of the Shifu site's docs and posts", () => {
    const fences: [string, string][] = [];
    const visit = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) visit(p);
        else if (/\.mdx?$/.test(e.name)) {
          for (const m of fs.readFileSync(p, 'utf8').matchAll(/^( *)```(\w[\w-]*)[^\n]*\n([\s\S]*?)\n\1```/gm)) fences.push([m[2].toLowerCase(), m[3]]);
        }
      }
    };
    visit('content');
    visit('i18n');
    expect(fences.length).toBeGreaterThan(400);
    let highlighted = 0;
    for (const [lang, code] of fences) {
      const { direct, generic } = bothWays(code, lang);
      expect(direct, `${lang}: ${code.slice(0, 80)}`).toEqual(generic);
      if (highlight(code, lang).some((l) => l.html?.includes('<span'))) highlighted++;
    }
    expect(highlighted).toBeGreaterThan(300);
  });

  it('wraps each piece of text between newlines in its own copies of its tokens, and gives way to hast-util-to-html for other elements', () => {
    const span = (className: string[], children: ElementContent[], more: Record<string, string> = {}): ElementContent => ({
      type: 'element',
      tagName: 'span',
      properties: { className, ...more },
      children,
    });
    const text = (value: string): ElementContent => ({ type: 'text', value });
    const nodes = [span(['token', 'a'], [text('x\n'), span(['token', 'b'], [text('y<\n\nz&')]), text('')]), text('\n'), span(['odd"class'], [text('q')], { title: '"&\'' })];
    expect(tokenLines(nodes)).toEqual([
      { text: 'x', html: '<span class="token a">x</span>' },
      { text: 'y<', html: '<span class="token a"><span class="token b">y&#x3C;</span></span>' },
      { text: '', html: '' },
      { text: 'z&', html: '<span class="token a"><span class="token b">z&#x26;</span></span>' },
      { text: 'q', html: '<span class="odd&#x22;class" title="&#x22;&#x26;&#x27;">q</span>' },
    ]);
    expect(tokenLines([{ type: 'element', tagName: 'b', properties: {}, children: [text('x')] }])).toBeUndefined();
    expect(tokenLines([span(['a'], [{ type: 'element', tagName: 'script', properties: {}, children: [text('<')] }])])).toBeUndefined();
  });
});
