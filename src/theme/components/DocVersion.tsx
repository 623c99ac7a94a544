import type { DocVersionData, PageContent } from '../../shared/types.js';
import { useSite, useT } from '../context.js';
import { useInstanceVersions } from '../docsVersions/hooks.js';
import { latestVersionHref } from '../docsVersions/candidates.js';
import { savePreferredVersion } from '../docsVersions/preferred.js';
import { Link } from './Link.js';

// Docusaurus's DocVersionBanner and DocVersionBadge. The banner tops the docs of a version marked
// unreleased (the working copy when it is not the last) or unmaintained (older releases), and links the
// same doc in the last version (else its main doc); following it makes the last version the preferred
// one. The badge ("Version: 2.0") shows where the version's `badge` is on.

const badgeStyle = {
  display: 'inline-block',
  marginBottom: '0.75rem',
  padding: '0.15rem 0.5rem',
  border: '1px solid var(--ifm-color-emphasis-300, #dadde1)',
  borderRadius: '0.4rem',
  fontSize: '0.8rem',
  fontWeight: 600,
} as const;

export function DocVersionBadge({ version }: { version: DocVersionData }) {
  const t = useT();
  if (!version.badge) return null;
  return (
    <span className="theme-doc-version-badge doc-version-badge" style={badgeStyle}>
      {t('theme.docs.versionBadge.label', { versionLabel: version.label })}
    </span>
  );
}

export function DocVersionBanner({ content, pluginId, version }: { content: PageContent; pluginId: string; version: DocVersionData }) {
  const { chrome } = useSite();
  const t = useT();
  const last = useInstanceVersions(pluginId).find((v) => v.isLast);
  if (!version.banner) return null;
  const values = { siteTitle: chrome.siteTitle, versionLabel: version.label };
  const notice = version.banner === 'unreleased' ? t('theme.docs.versions.unreleasedVersionLabel', values) : t('theme.docs.versions.unmaintainedVersionLabel', values);
  // The suggestion's message holds the link: split around its placeholder to put a real link there.
  const [before, after = ''] = last ? t('theme.docs.versions.latestVersionSuggestionLabel', { versionLabel: last.label }).split('{latestVersionLink}') : [];
  return (
    <div className="theme-doc-version-banner alert alert--warning version-banner" role="alert">
      <div className="admonition-content">
        <p>{notice}</p>
        {last && (
          <p>
            {before}
            <b>
              <Link href={latestVersionHref(content, last)} onClick={() => savePreferredVersion(pluginId, last.name)}>
                {t('theme.docs.versions.latestVersionLinkLabel')}
              </Link>
            </b>
            {after}
          </p>
        )}
      </div>
    </div>
  );
}
