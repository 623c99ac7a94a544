// configureWebpack without webpack: what its result means here. `resolve.alias` is honoured (the
// bundles resolve those names so); loaders (`module.rules`) are refused, since what they compile would
// reach the page uncompiled; anything else is named in one warning per plugin, as ignored.

export function webpackConfigResult(result: Record<string, unknown> | undefined, pluginName: string): { alias: Record<string, string>; ignored?: string; refused?: string } {
  if (!result || typeof result !== 'object') return { alias: {} };
  const alias: Record<string, string> = {};
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(result)) {
    if (key === 'mergeStrategy') continue;
    if (key === 'resolve' && value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        if (k === 'alias' && v && typeof v === 'object' && !Array.isArray(v)) {
          for (const [name, target] of Object.entries(v as Record<string, unknown>)) if (typeof target === 'string') alias[name.replace(/\$$/, '')] = target;
        } else ignored.push(`resolve.${k}`);
      }
      continue;
    }
    if (key === 'module' && value && typeof value === 'object') {
      const rules = ((value as { rules?: unknown[] }).rules ?? []).filter(Boolean);
      if (rules.length) return { alias, refused: `its configureWebpack adds webpack loaders (${loaderNames(rules).join(', ') || 'module.rules'}), which sitegen does not run` };
      continue;
    }
    ignored.push(key);
  }
  return { alias, ...(ignored.length ? { ignored: `the plugin "${pluginName}" configures webpack: ${ignored.join(', ')} ignored (sitegen bundles with esbuild)` } : {}) };
}

function loaderNames(rules: unknown[]): string[] {
  const names = new Set<string>();
  const visit = (u: unknown): void => {
    if (!u) return;
    if (typeof u === 'string') names.add(u);
    else if (Array.isArray(u)) u.forEach(visit);
    else if (typeof u === 'object') {
      const o = u as Record<string, unknown>;
      if (typeof o.loader === 'string') names.add(o.loader);
      visit(o.use);
      visit(o.oneOf);
      visit(o.rules);
    }
  };
  rules.forEach(visit);
  return [...names].map((n) => n.replace(/^.*node_modules[/\\]/, '').replace(/[/\\]dist[/\\].*$|[/\\]lib[/\\].*$/, ''));
}
