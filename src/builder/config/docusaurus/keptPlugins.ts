// The Docusaurus plugins and themes `init --from-docusaurus` carries over as they are: sitegen runs
// them (src/builder/plugins/docusaurus/). It reports only what it does not carry: a plugin sitegen
// refuses or does not need, with the reason, and what cannot be written into a config file as a value
// (a plugin function of the config, an option that is a function).
import { namePatterns, refusedPlugin, SKIPPED_PLUGINS } from '../../plugins/index.js';
import type { MapContext } from './mapHelpers.js';

const hasFunction = (v: unknown): boolean => typeof v === 'function' || (Array.isArray(v) ? v.some(hasFunction) : !!v && typeof v === 'object' && Object.values(v).some(hasFunction));

/** `name` as written; `pkg`: the package it is of (a resolved file's, `require.resolve(...)`). */
export function keptPlugin(ctx: MapContext, params: { at: string; name: string; pkg: string; options: unknown; list: unknown[]; type?: 'plugin' | 'theme' }): void {
  const { at, name, options } = params;
  const names = [params.pkg, ...namePatterns(params.pkg, params.type ?? 'plugin')];
  const skipped = names.find((n) => SKIPPED_PLUGINS[n]);
  if (skipped) {
    ctx.notes.push({ key: at, reason: SKIPPED_PLUGINS[skipped] });
    return;
  }
  const refused = names.find((n) => refusedPlugin(n));
  if (refused) {
    ctx.notes.push({ key: at, reason: `sitegen does not run "${refused}": ${refusedPlugin(refused)}` });
    return;
  }
  if (/ function$/.test(name)) {
    ctx.notes.push({
      key: at,
      reason: `${name.startsWith('an inline') ? 'a plugin function' : `the plugin function "${name.replace(/ function$/, '')}"`} of the config: copy it into site.config.ts's \`plugins\` (sitegen runs it as Docusaurus does)`,
    });
    return;
  }
  if (hasFunction(options)) {
    const keys =
      options && typeof options === 'object'
        ? Object.entries(options)
            .filter(([, v]) => hasFunction(v))
            .map(([k]) => k)
        : [];
    ctx.notes.push({ key: at, reason: `the options ${keys.join(', ')} of "${name}" are functions: the plugin is kept without them; write them into site.config.ts` });
    const plain = Object.fromEntries(Object.entries(options as Record<string, unknown>).filter(([, v]) => !hasFunction(v)));
    params.list.push(Object.keys(plain).length ? [name, plain] : name);
    return;
  }
  params.list.push(options === undefined ? name : [name, options]);
}
