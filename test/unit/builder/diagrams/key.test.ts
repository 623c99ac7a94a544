import { describe, expect, it } from 'vitest';
import { buildTimeSource } from '../../../../src/builder/diagrams/key.js';

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
