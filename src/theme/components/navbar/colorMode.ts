import { storage } from '../../../shared/storage.js';

// Colour mode, as Docusaurus chooses it: the reader's choice (kept under the `theme` storage key as
// Docusaurus keeps it) when the switch is on, else the system's preference when the site respects it
// (themeConfig.colorMode.respectPrefersColorScheme), else the site's defaultMode (light by default).

export const COLOR_MODE_KEY = 'theme';
export type ColorMode = 'light' | 'dark';

/** Sets <html data-theme> before the first render. */
export function applyColorMode(params: { switchEnabled: boolean; colorMode?: { defaultMode: ColorMode; respectPrefersColorScheme: boolean } }): ColorMode {
  const stored = params.switchEnabled ? storage.get(COLOR_MODE_KEY) : undefined;
  const system = params.colorMode?.respectPrefersColorScheme && typeof matchMedia === 'function' ? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light') : undefined;
  const mode: ColorMode = stored === 'dark' || stored === 'light' ? stored : (system ?? params.colorMode?.defaultMode ?? 'light');
  document.documentElement.dataset.theme = mode;
  return mode;
}
