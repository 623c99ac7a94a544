// Whether the site code rendered since the last reset needs the browser: it used state or effects,
// gave an element an event handler, or is a class component. The site's imports of React go through
// trackedReact.ts and trackedJsx.ts in the MDX bundle (mdx/bundle.ts), which set this flag; sitegen's
// own theme components import React directly (their behaviour comes from the client runtime).

export const interaction = { used: false };

const EVENT_HANDLER = /^on[A-Z]/;

/** Notes what creating an element tells: an event handler on an HTML element, or a class component. */
export function noteElement(type: unknown, props: unknown): void {
  if (interaction.used) return;
  if (typeof type === 'string') {
    if (props && typeof props === 'object') {
      for (const key in props) if (EVENT_HANDLER.test(key) && typeof (props as Record<string, unknown>)[key] === 'function') interaction.used = true;
    }
  } else if (typeof type === 'function' && (type as { prototype?: { isReactComponent?: unknown } }).prototype?.isReactComponent) {
    interaction.used = true;
  }
}

/** Wraps a hook so that calling it marks the render as interactive. */
export function tracked<F extends (...args: never[]) => unknown>(hook: F): F {
  return ((...args: Parameters<F>) => {
    interaction.used = true;
    return hook(...args);
  }) as F;
}
