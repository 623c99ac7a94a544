import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTimeSource, drawingKey, mermaidConfig, PAGE_FONT } from '../../../../src/builder/diagrams/key.js';
import { drawerVersion, mermaidVersion } from '../../../../src/builder/diagrams/chromium.js';
import { repoRoot } from '../../../helpers/paths.js';

// A Gantt chart drawn at build time must not carry a line at the day it was drawn: kept drawings and
// builds on other days would differ (the mermaid integration test caught a line one pixel apart).
describe('buildTimeSource', () => {
  it('turns the today line off in a Gantt chart that does not set it', () => {
    const source = 'gantt\n  title Plan\n  dateFormat YYYY-MM-DD\n  Task :a1, 2024-01-01, 3d\n';
    expect(buildTimeSource(source)).toBe(`${source.trimEnd()}\n  todayMarker off\n`);
    expect(buildTimeSource('%% a comment\ngantt\n  Task :a1, 2024-01-01, 3d')).toMatch(/\n {2}todayMarker off\n$/);
  });

  it('keeps what the source asks for, and leaves other diagrams alone', () => {
    const styled = 'gantt\n  todayMarker stroke-width:5px\n  Task :a1, 2024-01-01, 3d';
    expect(buildTimeSource(styled)).toBe(styled);
    expect(buildTimeSource('graph LR\n  A --> B')).toBe('graph LR\n  A --> B');
    expect(buildTimeSource('sequenceDiagram\n  gantt->>B: hi')).toBe('sequenceDiagram\n  gantt->>B: hi');
  });
});

// Labels are measured in the fonts the page shows them in (mermaid's default, "trebuchet ms", is
// missing on most build machines: the labels were measured in another font than the readers saw).
describe('mermaidConfig', () => {
  const site = (options: Record<string, unknown> = {}) => ({ themeConfig: { mermaid: { theme: { light: 'default', dark: 'dark' }, options } } }) as unknown as Parameters<typeof mermaidConfig>[0];

  // The fonts are --ifm-font-family-base since the theme stands on Infima; the Shifu site sets them in its theme.css.
  it("names the page's fonts, those the Shifu site's stylesheet sets", () => {
    const css = fs.readFileSync(path.join(repoRoot, 'content/pages/_styles/theme.css'), 'utf8');
    expect(/--ifm-font-family-base:\s*([^;]+);/.exec(css)?.[1]).toBe(PAGE_FONT);
    expect(mermaidConfig(site())).toMatchObject({ fontFamily: PAGE_FONT, themeVariables: { fontFamily: PAGE_FONT }, theme: 'default' });
  });

  it("keeps the fonts a site names, and so a drawing's key changes with them", () => {
    expect(mermaidConfig(site({ fontFamily: 'Inter' }))).toMatchObject({ fontFamily: 'Inter', themeVariables: { fontFamily: 'Inter' } });
    expect(mermaidConfig(site({ themeVariables: { fontFamily: 'Lato', primaryColor: '#fff' } }))).toMatchObject({ themeVariables: { fontFamily: 'Lato', primaryColor: '#fff' } });
    const key = (options?: Record<string, unknown>) => drawingKey({ version: '11', config: mermaidConfig(site(options)) });
    expect(key()).not.toBe(key({ fontFamily: 'Inter' }));
  });
});

// The browser measures the labels: a drawing kept from another browser version is not what this one
// draws (a coordinate's last digit differed between Chromium 150 and 156), so the key names the binary.
describe('drawerVersion', () => {
  it('changes with the browser binary started (CHROMIUM_PATH), and names no browser when there is none', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-drawer-'));
    const before = process.env.CHROMIUM_PATH;
    try {
      const exe = path.join(dir, 'chrome');
      fs.writeFileSync(exe, '#!/bin/sh\n', { mode: 0o755 });
      process.env.CHROMIUM_PATH = exe;
      const first = drawerVersion();
      expect(first).toContain(`mermaid ${mermaidVersion()}`);
      expect(drawerVersion()).toBe(first);
      fs.writeFileSync(exe, '#!/bin/sh\n# upgraded\n', { mode: 0o755 });
      expect(drawerVersion()).not.toBe(first);
      process.env.CHROMIUM_PATH = path.join(dir, 'missing');
      expect(drawerVersion()).toBe(`mermaid ${mermaidVersion()}; -`);
    } finally {
      if (before === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = before;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
