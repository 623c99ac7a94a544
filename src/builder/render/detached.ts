// A string cut from a page's markup, kept without the page: the sidebar and navbar stand-ins
// (sidebarMarkup.ts, navbarMarkup.ts) keep markup they learned from pages for the pages after.

/**
 * A copy of `s` that does not hold the string it was cut from: V8 keeps a slice of a string as a view
 * of the whole, so each item learned from a page would keep that page's markup alive (about 40 KB a
 * page: a cold build of the 10,000-docs folder site peaked at 810 MB against 675 MB without, one
 * build each). Slicing a concatenation copies it flat first, and the view then holds that copy alone.
 */
export function detached(s: string): string {
  return (' ' + s).slice(1);
}
