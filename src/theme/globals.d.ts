// Build-time constants of the theme (esbuild defines), set in every bundle that holds theme code.

/** False in the browser bundle of a site whose colour mode switch is off (bundle/client.ts): the toggle's code is then left out of it. True elsewhere. */
declare const __SITEGEN_COLOR_MODE_SWITCH__: boolean;
