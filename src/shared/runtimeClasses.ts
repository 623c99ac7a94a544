// The classes the browser runtime sets on elements after the server drew them (a copy button it
// adds, a tab it selects, the open mobile menu on <body>): no built page's HTML shows them, so the
// stylesheet pruning of the build (builder/css/) keeps their rules whatever the pages show. ONE list:
// test/unit/shared/runtimeClasses.test.ts reads every `classList.add/remove/toggle/replace` and
// `className =` of src/client and src/theme and fails on a class missing here.
export const runtimeClasses: readonly string[] = [
  // client/enhance.ts: the code blocks' copy button, its "copied" state, the selected tab.
  'copy-button',
  'copied',
  'tabs__item--active',
  // client/mermaid.ts: a diagram drawn in the browser.
  'mermaid-pending',
  // theme/components/navbar/Navbar.tsx: the mobile menu open, on <body>.
  'navbar-sidebar-open',
  // theme/search/marks.ts: the button that removes the search terms' highlight.
  'search-remove-highlight',
];
