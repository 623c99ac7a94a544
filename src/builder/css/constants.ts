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
import type { Rule, TokenOrValue } from 'lightningcss';

const CSS_WIDE = new Set(['inherit', 'initial', 'unset', 'revert', 'revert-layer']);

/** The value is one CSS-wide keyword (white space aside). */
function cssWideKeyword(value: TokenOrValue[]): boolean {
  const tokens = value.filter((t) => !(t.type === 'token' && t.value.type === 'white-space'));
  return tokens.length === 1 && tokens[0].type === 'token' && tokens[0].value.type === 'ident' && CSS_WIDE.has(tokens[0].value.value.toLowerCase());
}

/**
 * The custom properties with one value, found by a walk of a stylesheet's rules (ruleWalk's enter and
 * exit) that another pass makes (overridden.ts's first): `constants` gives them as they are once the
 * declarations `dropped` says (by style rule, in order, and property key) are gone, and `free` says
 * which names nothing else names or declares. Reading them in that walk of the sheet before the drops
 * spares a pass of their own over the sheet after them (lightningcss handing the whole sheet to
 * JavaScript again).
 */
export function constantsWalk(): {
  enter(rule: Rule): void;
  exit(rule: Rule): void;
  constants(free: (name: string) => boolean, dropped?: (rule: number, key: string) => boolean): Map<string, TokenOrValue[]>;
} {
  // Each custom property declaration of a style rule, in order: its rule's index, whether it is
  // important, and, when it may be one, its value.
  const found: { name: string; rule: number; important: boolean; value?: TokenOrValue[] }[] = [];
  let depth = 0;
  let rule = -1;
  return {
    enter(r) {
      if (r.type === 'style') {
        rule++;
        const s = r.value.selectors;
        const root = depth === 0 && s.length === 1 && s[0].length === 1 && s[0][0].type === 'pseudo-class' && s[0][0].kind === 'root';
        for (const [list, important] of [
          [r.value.declarations?.declarations ?? [], false],
          [r.value.declarations?.importantDeclarations ?? [], true],
        ] as const)
          for (const d of list) {
            if (d.property !== 'custom' || !d.value.name.startsWith('--')) continue;
            const one = root && !important && !JSON.stringify(d.value.value).includes('"type":"var"') && !cssWideKeyword(d.value.value);
            found.push({ name: d.value.name, rule, important, value: one ? d.value.value : undefined });
          }
      }
      if ('value' in r && r.value && typeof r.value === 'object' && 'rules' in r.value) depth++;
    },
    exit(r) {
      if ('value' in r && r.value && typeof r.value === 'object' && 'rules' in r.value) depth--;
    },
    constants(free, dropped = () => false) {
      const declared = new Map<string, number>();
      const candidates = new Map<string, TokenOrValue[]>();
      for (const d of found) {
        // Only a declaration that is not important can be dropped (overridden.ts).
        if (!d.important && dropped(d.rule, `custom:${d.name}`)) continue;
        declared.set(d.name, (declared.get(d.name) ?? 0) + 1);
        if (d.value) candidates.set(d.name, d.value);
      }
      return new Map([...candidates].filter(([name]) => declared.get(name) === 1 && free(name)));
    },
  };
}
