import { useCallback, useSyncExternalStore } from 'react';
import { useSite } from '../context.js';
import { storage } from '../../shared/storage.js';
import { applyColorMode, COLOR_MODE_KEY, type ColorMode } from '../components/navbar/colorMode.js';

// Docusaurus's useColorMode() (`@docusaurus/theme-common`): the page's colour mode, its <html
// data-theme>, and how to change it. On the server and while hydrating it is the site's defaultMode
// (what the HTML was drawn with), then the mode the page shows; it follows every change, the navbar
// toggle's included. setColorMode keeps the choice under Docusaurus's `theme` storage key (`persist:
// false`: for this page only); null forgets it and goes back to the system's or the site's default.
// A component of the site's markdown that asks for it needs the browser: it is an island (mdx/bundle.ts).

const subscribe = (onChange: () => void) => {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
};
const shown = (): ColorMode => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');

export function useColorMode(): { colorMode: ColorMode; setColorMode: (mode: ColorMode | null, options?: { persist?: boolean }) => void } {
  const { chrome } = useSite();
  const colorMode = useSyncExternalStore(subscribe, shown, () => chrome.colorMode?.defaultMode ?? 'light');
  const setColorMode = useCallback(
    (mode: ColorMode | null, options: { persist?: boolean } = {}) => {
      if (mode === null) {
        storage.remove(COLOR_MODE_KEY);
        applyColorMode({ switchEnabled: false, colorMode: chrome.colorMode });
        return;
      }
      if (options.persist !== false) storage.set(COLOR_MODE_KEY, mode);
      document.documentElement.dataset.theme = mode;
    },
    [chrome.colorMode],
  );
  return { colorMode, setColorMode };
}
