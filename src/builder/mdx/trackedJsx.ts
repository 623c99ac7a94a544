import * as runtime from 'react/jsx-runtime';
import { noteElement } from './interaction.js';

// `react/jsx-runtime` as the site's code (and the MDX modules) see it in the MDX bundle: each element
// created is noted (see interaction.ts).

export const Fragment = runtime.Fragment;
export function jsx(type: unknown, props: unknown, key?: unknown): unknown {
  noteElement(type, props);
  return (runtime.jsx as (...a: unknown[]) => unknown)(type, props, key);
}
export function jsxs(type: unknown, props: unknown, key?: unknown): unknown {
  noteElement(type, props);
  return (runtime.jsxs as (...a: unknown[]) => unknown)(type, props, key);
}
export const jsxDEV = jsx;
