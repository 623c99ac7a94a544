import { useT } from '../../context.js';
import { useColorMode } from '../../api/useColorMode.js';

// The navbar's colour mode switch: the mode the page shows (useColorMode), and the other one on a click.

export function ColorModeToggle() {
  const t = useT();
  // The server cannot know the stored choice: the site's default first, then what the page actually shows.
  const { colorMode: mode, setColorMode } = useColorMode();
  const next = mode === 'dark' ? 'light' : 'dark';
  const label = t('theme.colorToggle.ariaLabel', { mode: t(`theme.colorToggle.ariaLabel.mode.${mode}`) });
  return (
    <button type="button" className="navbar-icon-button color-mode-toggle" aria-label={label} title={label} onClick={() => setColorMode(next)}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        {mode === 'dark' ? (
          <path
            fill="currentColor"
            d="M9.37 5.51A7.35 7.35 0 0 0 9.1 7.5c0 4.08 3.32 7.4 7.4 7.4.68 0 1.35-.09 1.99-.27A7.01 7.01 0 0 1 12 19c-3.86 0-7-3.14-7-7 0-2.93 1.81-5.45 4.37-6.49zM12 3a9 9 0 1 0 9 9c0-.46-.04-.92-.1-1.36a5.39 5.39 0 0 1-4.4 2.26 5.4 5.4 0 0 1-3.14-9.8c-.44-.06-.9-.1-1.36-.1z"
          />
        ) : (
          <path
            fill="currentColor"
            d="M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm0-5 1 3h-2l1-3zm0 20-1-3h2l-1 3zM2 12l3-1v2l-3-1zm20 0-3 1v-2l3 1zM4.9 4.9l2.8 1.4-1.4 1.4-1.4-2.8zm14.2 14.2-2.8-1.4 1.4-1.4 1.4 2.8zM4.9 19.1l1.4-2.8 1.4 1.4-2.8 1.4zM19.1 4.9l-1.4 2.8-1.4-1.4 2.8-1.4z"
          />
        )}
      </svg>
    </button>
  );
}
