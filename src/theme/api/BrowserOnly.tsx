import type { ReactNode } from 'react';
import useIsBrowser from './useIsBrowser.js';

export interface BrowserOnlyProps {
  /** A function, called only in the browser after hydration: code that needs `window` goes there. */
  children?: () => ReactNode;
  /** Shown on the server and until the page is hydrated. */
  fallback?: ReactNode;
}

/** Docusaurus's <BrowserOnly>: renders its children only in the browser, the fallback in the HTML. */
export default function BrowserOnly({ children, fallback }: BrowserOnlyProps) {
  const isBrowser = useIsBrowser();
  if (!isBrowser || children == null) return <>{fallback ?? null}</>;
  if (typeof children !== 'function') {
    throw new Error(
      `The children of <BrowserOnly> must be a function that returns what to render, e.g. <BrowserOnly>{() => <span>{window.location.href}</span>}</BrowserOnly>; found a ${typeof children}.`,
    );
  }
  return <>{children()}</>;
}
