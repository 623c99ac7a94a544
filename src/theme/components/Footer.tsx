import { useSite } from '../context.js';
import { Link, ExternalIcon } from './Link.js';
import { ThemedLogo } from './ThemedLogo.js';

export function Footer() {
  const { chrome } = useSite();
  const footer = chrome.footer;
  if (!footer) return null;
  return (
    <footer className={`footer footer-${footer.style}`}>
      <div className="footer-inner">
        {footer.simple ? (
          <div className="footer-links-simple">
            {footer.columns[0]?.items.map((item, i) => (
              <FooterLink key={i} item={item} />
            ))}
          </div>
        ) : (
          <div className="footer-columns">
            {footer.columns.map((col, i) => (
              <div className="footer-column" key={i}>
                {col.title && <div className="footer-title">{col.title}</div>}
                <ul>
                  {col.items.map((item, j) => (
                    <li key={j}>
                      <FooterLink item={item} />
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
        {(footer.logo || footer.copyright) && (
          <div className="footer-bottom">
            {footer.logo && (
              <a href={footer.logo.href ?? chrome.homeHref} className="footer-logo-link">
                <ThemedLogo className="footer-logo" src={footer.logo.src} srcDark={footer.logo.srcDark} alt={footer.logo.alt ?? ''} width={footer.logo.width} height={footer.logo.height} />
              </a>
            )}
            {footer.copyright && <div className="footer-copyright" dangerouslySetInnerHTML={{ __html: footer.copyright }} />}
          </div>
        )}
      </div>
    </footer>
  );
}

function FooterLink({ item }: { item: { label: string; href: string; external: boolean; html?: string } }) {
  if (item.html) return <span dangerouslySetInnerHTML={{ __html: item.html }} />;
  return (
    <Link href={item.href} className="footer-link">
      {item.label}
      {item.external && <ExternalIcon />}
    </Link>
  );
}
