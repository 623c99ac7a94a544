import { describe, expect, it } from 'vitest';
import { cjkLineBreaks } from '../../../../../src/builder/markdown/plugins/cjkLineBreaks.js';
import { hast, html, mdast } from './trees.js';

// A line break between two CJK characters is no space in the sentence; anywhere else it stays one.

const render = (source: string) => {
  const tree = mdast(source);
  cjkLineBreaks(tree);
  return html(hast(tree));
};

describe('cjkLineBreaks', () => {
  it('joins lines between Chinese or Japanese characters, and full-width punctuation', () => {
    expect(render('这是第一行\n这是第二行。\n第三行，\nそしてカタカナ\nです\n')).toBe('<p>这是第一行这是第二行。第三行，そしてカタカナです</p>');
  });

  it('drops the spaces and tabs around such a break (in text that kept them: markdown trims its lines)', () => {
    const tree = mdast('x\n');
    tree.children = [{ type: 'paragraph', children: [{ type: 'text', value: '第一行  \t\n\t 第二行 \n two' }] }];
    cjkLineBreaks(tree);
    expect(html(hast(tree))).toBe('<p>第一行第二行\ntwo</p>');
  });

  it('keeps the break next to Latin text, digits, or Korean (which writes spaces)', () => {
    expect(render('使用 Shifu\nto connect\n设备\n2023\n年\n')).toBe('<p>使用 Shifu\nto connect\n设备\n2023\n年</p>');
    expect(render('한국어\n문장\n')).toBe('<p>한국어\n문장</p>');
  });

  it('joins in every text (headings, emphasis, lists), never in code', () => {
    expect(render('- 列表\n  项目\n\n*强调\n文字*\n\n`代码\n代码`\n\n```\n代码\n代码\n```\n')).toBe(
      '<ul>\n<li>列表项目</li>\n</ul>\n<p><em>强调文字</em></p>\n<p><code>代码 代码</code></p>\n<pre><code>代码\n代码\n</code></pre>',
    );
  });

  it('leaves a hard break (two spaces or a backslash) a break', () => {
    expect(render('第一行  \n第二行\\\n第三行\n')).toBe('<p>第一行<br>\n第二行<br>\n第三行</p>');
  });
});
