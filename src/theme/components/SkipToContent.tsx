import { useT } from '../context.js';

export const MAIN_CONTENT_ID = '__main';

export function SkipToContent() {
  const t = useT();
  return (
    <a className="skip-to-content" href={`#${MAIN_CONTENT_ID}`}>
      {t('theme.common.skipToMainContent')}
    </a>
  );
}
