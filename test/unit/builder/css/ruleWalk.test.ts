import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { transform, type Rule } from 'lightningcss';
import { ruleWalk } from '../../../../src/builder/css/ruleWalk.js';
import { repoRoot } from '../../../helpers/paths.js';

// The read-only passes' rule walk (builder/css/ruleWalk.ts) visits what lightningcss's own Rule and
// RuleExit visitors visit, in the same order: blocks, nested style rules, @nest, @page's margin boxes.

const visits = (css: string, walk: boolean): string[] => {
  const seen: string[] = [];
  const id = (r: Rule) => `${r.type}@${JSON.stringify((r as { value?: { loc?: unknown } }).value?.loc ?? null)}`;
  const enter = (r: Rule) => void seen.push(`+${id(r)}`);
  const exit = (r: Rule) => void seen.push(`-${id(r)}`);
  transform({
    filename: 'x.css',
    code: Buffer.from(css),
    errorRecovery: true,
    visitor: walk ? ruleWalk(enter, exit) : { Rule: (r) => enter(r), RuleExit: (r) => exit(r) },
  });
  return seen;
};

describe('ruleWalk', () => {
  it.each([
    ['blocks', 'a{color:red} @media (min-width:1px){ .b{--x:1} @supports (display:grid){ .c{color:blue} } } @layer x{ .d{color:red} } @layer y;'],
    ['nested style rules', '.p{ color:red; & .q{ --y: 2; } @media (x){ & .r{color:blue} } .s &{color:green} }'],
    ['@page, @font-face, @keyframes', '@page :first { margin: 1in; @top-left { content: "x" } } @font-face{font-family:x;src:url(a.woff)} @keyframes k{from{opacity:0}to{opacity:1}}'],
    [
      '@container, @scope, @starting-style, @-moz-document',
      '@container card (min-width: 400px) { .t { color: red } } @scope (.u) { .v { color: red } } @starting-style { .w { opacity: 0 } } @-moz-document url-prefix() { .x { color: red } }',
    ],
    ['@nest', '@nest .y & { color: red; } :root{--a:1} .z{ @nest .q & { --b: 2 } }'],
  ])('visits as lightningcss does: %s', (_, css) => {
    const expected = visits(css, false);
    expect(expected.length).toBeGreaterThan(2);
    expect(visits(css, true)).toEqual(expected);
  });

  it('visits Infima as lightningcss does', () => {
    const css = fs.readFileSync(path.join(repoRoot, 'node_modules/infima/dist/css/default/default.css'), 'utf8');
    expect(visits(css, true)).toEqual(visits(css, false));
  });
});
