// The theme's custom properties that hold one value on every element: declared once, in a top-level
// `:root` rule, not `!important`, with a value that reads no other custom property. No other rule,
// stylesheet, style attribute or script sets them (the caller says which names something else names
// or declares: `free`), so every `var(--x)` of the stylesheet is that value: the pruner writes the
// value in its place and drops the declaration (`--ifm-global-spacing: 1rem` read by
// `margin: 0 var(--ifm-global-spacing)`). A value that reads another custom property is not one:
// it is computed where it is declared, and another rule may set what it reads. Nor is a CSS-wide
// keyword (`--ifm-table-head-background: inherit`): the custom property inherits its parent's (none
// at :root), so `var()` of it is invalid there and the property falls back to its initial value;
// written in place, `background-color: inherit` would take the parent's colour instead.
import type { TokenOrValue, TransformOptions, CustomAtRules } from 'lightningcss';
import { ruleWalk } from './ruleWalk.js';

type Visitor = NonNullable<TransformOptions<CustomAtRules>['visitor']>;

const CSS_WIDE = new Set(['inherit', 'initial', 'unset', 'revert', 'revert-layer']);

/** The value is one CSS-wide keyword (white space aside). */
function cssWideKeyword(value: TokenOrValue[]): boolean {
  const tokens = value.filter((t) => !(t.type === 'token' && t.value.type === 'white-space'));
  return tokens.length === 1 && tokens[0].type === 'token' && tokens[0].value.type === 'ident' && CSS_WIDE.has(tokens[0].value.value.toLowerCase());
}

export function constantVariables(run: (visitor: Visitor) => unknown, free: (name: string) => boolean): Map<string, TokenOrValue[]> {
  const declared = new Map<string, number>();
  const candidates = new Map<string, TokenOrValue[]>();
  let depth = 0;
  run(
    ruleWalk(
      (r) => {
        if (r.type === 'style') {
          const s = r.value.selectors;
          const root = depth === 0 && s.length === 1 && s[0].length === 1 && s[0][0].type === 'pseudo-class' && s[0][0].kind === 'root';
          for (const [list, important] of [
            [r.value.declarations?.declarations ?? [], false],
            [r.value.declarations?.importantDeclarations ?? [], true],
          ] as const)
            for (const d of list) {
              if (d.property !== 'custom' || !d.value.name.startsWith('--')) continue;
              const name = d.value.name;
              declared.set(name, (declared.get(name) ?? 0) + 1);
              if (root && !important && !JSON.stringify(d.value.value).includes('"type":"var"') && !cssWideKeyword(d.value.value)) candidates.set(name, d.value.value);
            }
        }
        if ('value' in r && r.value && typeof r.value === 'object' && 'rules' in r.value) depth++;
      },
      (r) => {
        if ('value' in r && r.value && typeof r.value === 'object' && 'rules' in r.value) depth--;
      },
    ),
  );
  return new Map([...candidates].filter(([name]) => declared.get(name) === 1 && free(name)));
}
