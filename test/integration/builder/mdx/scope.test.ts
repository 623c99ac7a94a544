import { describe, expect, it } from 'vitest';
import { makeSite, buildSite, buildError } from '../../../helpers/site.js';

// Docusaurus's MDX component scope: a site's own src/theme/MDXComponents (spreading sitegen's through
// @theme-original/MDXComponents) names components every MDX file may use without importing them.

const scope = {
  'src/theme/MDXComponents.js': [
    "import MDXComponents from '@theme-original/MDXComponents';",
    "import Highlight from '@site/src/components/Highlight';",
    '',
    'export default { ...MDXComponents, Highlight };',
    '',
  ].join('\n'),
  'src/components/Highlight.js': [
    'export default function Highlight({ children, color }) {',
    "  return <span className=\"highlight\" style={{ backgroundColor: color, borderRadius: '2px', padding: '0.2rem' }}>{children}</span>;",
    '}',
    '',
  ].join('\n'),
  'src/components/Other.js': 'export default function Highlight({ children }) {\n  return <mark>{children}</mark>;\n}\n',
};

describe('the component scope (src/theme/MDXComponents)', () => {
  it('draws its components in any MDX file without an import, its markdown children included; an import of the same name wins', async () => {
    const { configFile } = makeSite({
      ...scope,
      'docs/intro.md': '# Intro\n\nWe use <Highlight color="#25c2a0">Docusaurus **green**</Highlight> here.\n',
      'docs/own.mdx': "import Highlight from '@site/src/components/Other';\n\n# Own\n\n<Highlight>marked</Highlight>\n",
      'docs/details.md': '# Details\n\n<Details summary="More">Hidden</Details>\n',
    });
    const { sink } = await buildSite(configFile);
    expect(sink.read('docs/intro/index.html')).toContain(
      'We use <span class="highlight" style="background-color:#25c2a0;border-radius:2px;padding:0.2rem">Docusaurus <strong>green</strong></span> here.',
    );
    expect(sink.read('docs/own/index.html')).toContain('<mark>marked</mark>');
    // The theme's own components are still drawn by the markdown passes.
    expect(sink.read('docs/details/index.html')).toMatch(/<details[^>]*>.*<summary[^>]*>More<\/summary>/s);
  });

  it('fails at the line of a component neither imported nor in the scope, naming both', async () => {
    const { configFile } = makeSite({ ...scope, 'docs/intro.md': '# Intro\n\nText.\n\n<Missing />\n' });
    const error = await buildError(configFile);
    const problem = error.problems?.find((p) => p.message.includes('<Missing>'));
    expect(problem?.message).toContain('<Missing> is neither imported in this file nor a component of src/theme/MDXComponents');
    expect(problem).toMatchObject({ file: expect.stringMatching(/docs\/intro\.md$/), line: 5 });
  });

  it('is not there without src/theme/MDXComponents: an unknown component is an error as before', async () => {
    const { configFile } = makeSite({ 'docs/intro.md': '# Intro\n\n<Highlight>x</Highlight>\n' });
    const error = await buildError(configFile);
    expect(error.problems?.find((p) => p.message.includes('Unknown component <Highlight>'))).toMatchObject({ line: 3 });
  });
});
