import { useEffect, useState } from 'react';
import { useSite, useT } from '../context.js';
import { storage } from '../../shared/storage.js';

const DISMISS_KEY = 'docusaurus.announcement.dismiss';
const ID_KEY = 'docusaurus.announcement.id';

/** Shown until closed; closing is remembered per announcement id, so a new id shows it again. */
export function AnnouncementBar() {
  const { chrome } = useSite();
  const t = useT();
  const bar = chrome.announcement;
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (!bar) return;
    const storedId = storage.get(ID_KEY);
    if (storedId !== bar.id) {
      storage.set(ID_KEY, bar.id);
      storage.remove(DISMISS_KEY);
    } else if (storage.get(DISMISS_KEY) === 'true') {
      setClosed(true);
    }
  }, [bar]);
  if (!bar || closed) return null;
  return (
    <div className="announcement-bar" role="banner" style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}>
      <div className="announcement-content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable && (
        <button
          type="button"
          className="announcement-close"
          aria-label={t('theme.AnnouncementBar.closeButtonAriaLabel')}
          onClick={() => {
            storage.set(DISMISS_KEY, 'true');
            setClosed(true);
          }}
        >
          ×
        </button>
      )}
    </div>
  );
}
