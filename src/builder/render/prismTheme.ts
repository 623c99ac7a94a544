// themeConfig.prism.theme / darkTheme: a prism-react-renderer theme object (what a docusaurus.config.js
// imports as `themes.github`), turned into CSS for sitegen's build-time highlighting. Code blocks are
// `.code-block.language-<lang>` with refractor's `.token.<type>` spans; the dark theme applies under
// html[data-theme='dark']. The rules come after the theme's own code.css and replace its palette.

export interface PrismTheme {
  plain: Record<string, string | number>;
  styles: { types: string[]; style: Record<string, string | number>; languages?: string[] }[];
}

const cssProperty = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
// Values come from the site's config; a value that could end the rule or the <style> element is dropped.
const safe = (v: string | number) => !/[{};<>]/.test(String(v));
const declarations = (style: Record<string, string | number>) =>
  Object.entries(style)
    .filter(([, v]) => safe(v))
    .map(([k, v]) => `${cssProperty(k)}:${v}`)
    .join(';');

function themeRules(theme: PrismTheme, scope: string): string[] {
  const rules: string[] = [];
  const plain: Record<string, string | number> = {};
  if (theme.plain.color !== undefined) plain.color = theme.plain.color;
  if (theme.plain.backgroundColor !== undefined) plain.background = theme.plain.backgroundColor;
  if (Object.keys(plain).length) rules.push(`${scope}.code-block{${declarations(plain)}}`);
  for (const { types, style, languages } of theme.styles) {
    const name = (n: string) => /^[\w-]+$/.test(n);
    const blocks = languages?.length ? languages.filter(name).map((l) => `${scope}.code-block.language-${l}`) : [`${scope}.code-block`];
    const selectors = blocks.flatMap((b) => types.filter(name).map((t) => `${b} .token.${t}`));
    // Only colours and font styles: code.css keeps the layout.
    const text = declarations(Object.fromEntries(Object.entries(style).filter(([k]) => ['color', 'backgroundColor', 'fontStyle', 'fontWeight', 'textDecorationLine', 'opacity'].includes(k))));
    if (text && selectors.length) rules.push(`${selectors.join(',')}{${text}}`);
  }
  return rules;
}

/** The CSS of the site's prism themes, or undefined when it sets none. */
export function prismThemeCss(params: { theme?: PrismTheme; darkTheme?: PrismTheme }): string | undefined {
  const rules = [...(params.theme ? themeRules(params.theme, '') : []), ...(params.darkTheme ? themeRules(params.darkTheme, "html[data-theme='dark'] ") : [])];
  return rules.length ? rules.join('\n') : undefined;
}
