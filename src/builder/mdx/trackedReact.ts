import * as React from 'react';
import { noteElement, tracked } from './interaction.js';

// `react` as the site's code sees it in the MDX bundle: React itself, with the hooks that only mean
// something in a browser (state, effects, external stores) and createElement noting their use.

// @ts-expect-error React's types are `export =`; the module itself has named exports.
export * from 'react';
export const useState = tracked(React.useState);
export const useReducer = tracked(React.useReducer);
export const useEffect = tracked(React.useEffect);
export const useLayoutEffect = tracked(React.useLayoutEffect);
export const useInsertionEffect = tracked(React.useInsertionEffect);
export const useSyncExternalStore = tracked(React.useSyncExternalStore);
export const useTransition = tracked(React.useTransition);
export const useImperativeHandle = tracked(React.useImperativeHandle);
export const createElement: typeof React.createElement = ((type: unknown, props: unknown, ...children: unknown[]) => {
  noteElement(type, props);
  return (React.createElement as (...a: unknown[]) => unknown)(type, props, ...children);
}) as typeof React.createElement;

export default { ...React, useState, useReducer, useEffect, useLayoutEffect, useInsertionEffect, useSyncExternalStore, useTransition, useImperativeHandle, createElement };
