import { describeA11y } from '../../helpers/a11y.js';

// axe-core in Chromium over the Shifu site's English pages (the Chinese ones are in a11y-zh-hans.test.ts,
// so the two halves run side by side): the pages, widths and checks are in test/helpers/a11y.ts.

describeA11y('/');
