import { useSite } from '../context.js';
import { Link, ExternalIcon } from './Link.js';
import { ThemedLogo } from './ThemedLogo.js';

export function Footer() {
  const { chrome } = useSite();
  const footer = chrome.footer;
  if (!footer) return null;
  return (
    <footer className={`theme-layout-footer footer${footer.style === 'dark' ? ' footer--dark' : ''}`}>
      <div className="footer-inner">
        {footer.simple ? (
          <div className="footer__links footer-links-simple">
            {footer.columns[0]?.items.map((item, i) => (
              <FooterLink key={i} item={item} />
            ))}
          </div>
        ) : (
          <div className="footer__links footer-columns">
            {footer.columns.map((col, i) => (
              <div className="theme-layout-footer-column footer__col" key={i}>
                {col.title && <div className="footer__title">{col.title}</div>}
                <ul className="footer__items clean-list">
                  {col.items.map((item, j) => (
                    <li key={j} className="footer__item">
                      <FooterLink item={item} />
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
        {(footer.logo || footer.copyright) && (
          <div className="footer__bottom text--center">
            {footer.logo && (
              <a href={footer.logo.href ?? chrome.homeHref} className="footer-logo-link">
                <ThemedLogo className="footer__logo" src={footer.logo.src} srcDark={footer.logo.srcDark} alt={footer.logo.alt ?? ''} width={footer.logo.width} height={footer.logo.height} />
              </a>
            )}
            {footer.copyright && <div className="footer__copyright" dangerouslySetInnerHTML={{ __html: footer.copyright }} />}
          </div>
        )}
      </div>
    </footer>
  );
}

function FooterLink({ item }: { item: { label: string; href: string; external: boolean; html?: string } }) {
  if (item.html) return <span dangerouslySetInnerHTML={{ __html: item.html }} />;
  return (
    <Link href={item.href} className="footer__link-item">
      {item.label}
      {item.external && <ExternalIcon />}
    </Link>
  );
}
