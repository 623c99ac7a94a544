import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDrawer } from '../../../../src/builder/diagrams/chromium.js';
import type { Drawer } from '../../../../src/builder/diagrams/types.js';
import { PAGE_FONT } from '../../../../src/builder/diagrams/key.js';

// What sitegen corrects in mermaid's drawings (src/builder/diagrams/fixups.ts), on diagrams drawn by
// mermaid in Chromium as a build draws them, read back from the SVG's own coordinates: edge labels
// in the place the layout reserved for them (mermaid moved one of two opposite transitions' labels
// onto the other), inside the viewBox; a sequence frame as wide as its title, a word kept whole.

let drawer: Drawer;

beforeAll(async () => {
  drawer = await openDrawer({ startOnLoad: false, fontFamily: PAGE_FONT, themeVariables: { fontFamily: PAGE_FONT }, theme: 'default' });
}, 60_000);

afterAll(() => drawer?.close());

async function draw(source: string): Promise<string> {
  const [result] = await drawer.draw([{ id: 'fixups-test', source }]);
  if (!result.svg) throw new Error(result.error);
  return result.svg;
}

const numbers = (text: string) => text.split(/[\s,]+/).map(Number);

/** Each edge label's box: its centre (the edgeLabel's translate) and its size (its foreignObject). */
function edgeLabelBoxes(svg: string) {
  const found = svg.matchAll(/<g class="edgeLabel" transform="translate\(([^)]+)\)"><g class="label"[^>]*><foreignObject width="([\d.]+)" height="([\d.]+)">[\s\S]*?<\/foreignObject>/g);
  return [...found]
    .map((m) => {
      const [x, y] = numbers(m[1]);
      const [w, h] = [Number(m[2]), Number(m[3])];
      return { text: m[0].replace(/<[^>]+>/g, ''), left: x - w / 2, right: x + w / 2, top: y - h / 2, bottom: y + h / 2 };
    })
    .filter((b) => b.text);
}

describe('edge labels', () => {
  const source = [
    'stateDiagram-v2',
    '  [*] --> Draft',
    '  Draft --> Review',
    '  Review --> Published: approved by an editor',
    '  Review --> Rejected: sent back',
    '  Published --> Rejected: a reader reports it',
    '  Rejected --> Published: corrected and checked',
  ].join('\n');

  it('of opposite transitions between two states do not overlap, and stay inside the drawing', async () => {
    const svg = await draw(source);
    const boxes = edgeLabelBoxes(svg);
    expect(boxes.map((b) => b.text).sort()).toEqual(['a reader reports it', 'approved by an editor', 'corrected and checked', 'sent back']);
    const overlapping = boxes.flatMap((a, i) =>
      boxes.slice(i + 1).flatMap((b) => (Math.min(a.right, b.right) > Math.max(a.left, b.left) && Math.min(a.bottom, b.bottom) > Math.max(a.top, b.top) ? [`${a.text} / ${b.text}`] : [])),
    );
    expect(overlapping).toEqual([]);
    const [x, y, w, h] = numbers(/viewBox="([^"]+)"/.exec(svg)![1]);
    for (const b of boxes) expect([b.text, b.left >= x && b.right <= x + w && b.top >= y && b.bottom <= y + h]).toEqual([b.text, true]);
    expect(svg).toContain(`max-width: ${w}px`);
  }, 60_000);
});

describe('sequence frames', () => {
  const title = 'retryWithExponentialBackoffEnabled';
  const source = ['sequenceDiagram', '  participant A as Client', '  participant B as Server', '  A->>B: request', `  opt ${title}`, '    B->>B: retry', '  end'].join('\n');

  it('are as wide as their title, a word mermaid would break kept whole, right of the tab', async () => {
    const svg = await draw(source);
    const frame = /<g data-et="control-structure"[^>]*>([\s\S]*?)<\/g>/.exec(svg)![1];
    expect([...frame.matchAll(/class="loopText"[^>]*>([\s\S]*?)<\/text>/g)].map((m) => m[1].replace(/<[^>]+>/g, ''))).toEqual([`[${title}]`]);
    const right = Math.max(...[...frame.matchAll(/<line x1="([\d.]+)"[^>]*x2="([\d.]+)"/g)].flatMap((m) => [Number(m[1]), Number(m[2])]));
    const tabRight = Math.max(...numbers(/<polygon points="([^"]+)"/.exec(frame)![1]).filter((_, i) => i % 2 === 0));
    const titleX = Number(/class="loopText"[^>]*>\s*<tspan x="([\d.]+)"/.exec(frame)?.[1] ?? /<text x="([\d.]+)"[^>]*class="loopText"/.exec(frame)![1]);
    // 36 characters of a 16 px sans-serif font: at least 6 px each, with mermaid's 10 px of padding on both sides.
    expect(right - tabRight).toBeGreaterThanOrEqual(`[${title}]`.length * 6 + 20);
    expect(titleX).toBeCloseTo((tabRight + right) / 2, 5);
    const [x, , w] = numbers(/viewBox="([^"]+)"/.exec(svg)![1]);
    expect(right).toBeLessThanOrEqual(x + w);
  }, 60_000);
});
