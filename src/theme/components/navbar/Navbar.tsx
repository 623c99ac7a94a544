import { useEffect, useRef, useState } from 'react';
import { useSite, useT } from '../../context.js';
import { NavbarItemView } from './items.js';
import { DocSidebarMenu } from '../Sidebar.js';
import type { ResolvedNavbarItem } from '../../../shared/navbar.js';
import { ColorModeToggle } from './ColorModeToggle.js';
import { ThemedLogo } from '../ThemedLogo.js';

/** The mobile layout applies at this width and below (as in Docusaurus). */
const MOBILE_MAX_WIDTH = 996;

export function Navbar() {
  const { chrome, page, sidebar } = useSite();
  const t = useT();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [showSecondary, setShowSecondary] = useState(true);
  const hidden = useHideOnScroll(chrome.hideOnScroll, page.route);
  useEffect(() => {
    setMobileOpen(false);
    setShowSecondary(true);
  }, [page.route]);
  useEffect(() => {
    document.body.classList.toggle('navbar-sidebar-open', mobileOpen);
    if (!mobileOpen) return;
    // The sidebar belongs to the mobile layout: Escape or growing to the desktop layout closes it.
    const desktop = window.matchMedia(`(min-width: ${MOBILE_MAX_WIDTH + 1}px)`);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMobileOpen(false);
    const onWidth = () => desktop.matches && setMobileOpen(false);
    document.addEventListener('keydown', onKey);
    desktop.addEventListener('change', onWidth);
    return () => {
      document.removeEventListener('keydown', onKey);
      desktop.removeEventListener('change', onWidth);
    };
  }, [mobileOpen]);
  // Each opening starts on the secondary menu (the docs sidebar on a docs page), as Docusaurus does,
  // even if the main menu was shown when it was last closed.
  const open = () => {
    setShowSecondary(true);
    setMobileOpen(true);
  };
  const left = chrome.navbarItems.filter((i) => i.position === 'left');
  const right = chrome.navbarItems.filter((i) => i.position !== 'left');
  const hasSecondary = Boolean(sidebar && sidebar.length);
  return (
    <nav aria-label="Main" className={`theme-layout-navbar navbar navbar--fixed-top${hidden ? ' navbar-hidden' : ''}${mobileOpen ? ' navbar-sidebar--show' : ''}`}>
      <div className="navbar__inner">
        <div className="theme-layout-navbar-left navbar__items">
          <button type="button" className="navbar__toggle clean-btn" aria-label={t('theme.docs.sidebar.toggleSidebarButtonAriaLabel')} aria-expanded={mobileOpen} onClick={open}>
            <svg width="30" height="30" viewBox="0 0 30 30" aria-hidden="true">
              <path stroke="currentColor" strokeLinecap="round" strokeMiterlimit="10" strokeWidth="2" d="M4 7h22M4 15h22M4 23h22" />
            </svg>
          </button>
          <Brand />
          {left.map((item, i) => (
            <NavbarItemView key={i} item={item} />
          ))}
        </div>
        <div className="theme-layout-navbar-right navbar__items navbar__items--right">
          {right.map((item, i) => (
            <NavbarItemView key={i} item={item} />
          ))}
          {__SITEGEN_COLOR_MODE_SWITCH__ && chrome.colorModeSwitch && <ColorModeToggle />}
        </div>
      </div>
      <div role="presentation" className="navbar-sidebar__backdrop" onClick={() => setMobileOpen(false)} />
      {mobileOpen && (
        <div className="navbar-sidebar">
          <div className="navbar-sidebar__brand">
            <Brand />
            {__SITEGEN_COLOR_MODE_SWITCH__ && chrome.colorModeSwitch && <ColorModeToggle />}
            <button type="button" className="clean-btn navbar-sidebar__close" aria-label={t('theme.docs.sidebar.closeSidebarButtonAriaLabel')} onClick={() => setMobileOpen(false)}>
              <svg viewBox="0 0 15 15" width="21" height="21" aria-hidden="true">
                <path stroke="currentColor" strokeWidth="1.5" d="M1 1l13 13M14 1L1 14" />
              </svg>
            </button>
          </div>
          {hasSecondary && showSecondary ? (
            <div className="navbar-sidebar__item menu navbar-sidebar-secondary">
              <button type="button" className="clean-btn navbar-sidebar__back" onClick={() => setShowSecondary(false)}>
                {t('theme.navbar.mobileSidebarSecondaryMenu.backButtonLabel')}
              </button>
              <DocSidebarMenu items={sidebar!} />
            </div>
          ) : (
            <div className="navbar-sidebar__item menu navbar-sidebar-primary">
              <ul className="menu__list">
                {chrome.navbarItems
                  .filter((i) => i.kind !== 'search')
                  .map((item: ResolvedNavbarItem, i) => (
                    <li key={i} className="menu__list-item">
                      <NavbarItemView item={item} mobile />
                    </li>
                  ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </nav>
  );
}

function Brand() {
  const { chrome } = useSite();
  return (
    <a className="navbar__brand" href={chrome.homeHref} target={chrome.logo?.target}>
      {chrome.logo && (
        <div className="navbar__logo">
          <ThemedLogo className={chrome.logo.className ?? ''} src={chrome.logo.src} srcDark={chrome.logo.srcDark} alt={chrome.logo.alt} width={chrome.logo.width} height={chrome.logo.height} />
        </div>
      )}
      {chrome.navbarTitle && <b className="navbar__title text--truncate">{chrome.navbarTitle}</b>}
    </a>
  );
}

/** Hides the navbar when scrolling down past its height; shows it when scrolling up, at the top, or after a route change without a hash. */
function useHideOnScroll(enabled: boolean, route: string): boolean {
  const [hidden, setHidden] = useState(false);
  const last = useRef(0);
  useEffect(() => {
    if (!enabled) return;
    const onScroll = () => {
      const y = window.scrollY;
      const height = document.querySelector('.navbar')?.getBoundingClientRect().height ?? 60;
      if (y < height) setHidden(false);
      else if (y > last.current) setHidden(true);
      else if (y < last.current) setHidden(false);
      last.current = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  useEffect(() => {
    if (enabled && !window.location.hash) setHidden(false);
  }, [route, enabled]);
  return hidden;
}
