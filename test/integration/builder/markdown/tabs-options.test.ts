import { describe, expect, it } from 'vitest';
import { makeSite, buildSite, buildError } from '../../../helpers/site.js';

// Docusaurus's <Tabs> options beyond groupId: `values` (the tabs' order and labels) and `queryString`
// (the search parameter the runtime keeps the tab in: its name, or the groupId for true).

const page = (tabs: string) =>
  `import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n# Tabs\n\n${tabs}\n<TabItem value="b" label="Bee">\n\nB text\n\n</TabItem>\n<TabItem value="a">\n\nA text\n\n</TabItem>\n</Tabs>\n`;

describe('Tabs options', () => {
  it('orders and labels the tabs by values (a value without a label shows the value, as in Docusaurus), and names the search parameter on the tab set', async () => {
    const { configFile } = makeSite({
      'docs/intro.mdx': page(`<Tabs queryString groupId="letters" values={[{label: 'Ay', value: 'a'}, {value: 'b'}]}>`),
    });
    const { sink } = await buildSite(configFile);
    const html = sink.read('docs/intro/index.html')!;
    expect(html).toContain('<div class="theme-tabs-container tabs-container" data-group-id="letters" data-query-string="letters">');
    expect([...html.matchAll(/role="tab"[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual(['Ay', 'b']);
    // The first tab of values is the one shown.
    expect(/<div data-value="a" role="tabpanel"[^>]*>/.exec(html)?.[0]).not.toContain('hidden');
    expect(/<div data-value="b" role="tabpanel"[^>]*>/.exec(html)?.[0]).toContain('hidden');
  });

  it('fails at its line on queryString without a groupId to name the parameter, and on an item values does not list', async () => {
    const bare = makeSite({ 'docs/intro.mdx': page('<Tabs queryString>') });
    expect((await buildError(bare.configFile)).problems?.find((p) => p.message.includes('groupId'))).toMatchObject({ line: 6 });
    const unlisted = makeSite({ 'docs/intro.mdx': page("<Tabs values={[{label: 'Ay', value: 'a'}]}>") });
    expect((await buildError(unlisted.configFile)).problems?.find((p) => p.message.includes('value="b"'))).toMatchObject({ line: 6 });
  });
});
