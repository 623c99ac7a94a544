import type { ReactNode } from 'react';
import { SkipToContent, MAIN_CONTENT_ID } from '../components/SkipToContent.js';
import { AnnouncementBar } from '../components/AnnouncementBar.js';
import { Navbar } from '../components/navbar/Navbar.js';
import { Footer } from '../components/Footer.js';
import { ErrorBoundary } from '../components/ErrorBoundary.js';
import { useSite } from '../context.js';

export function Layout({ children, wrapperClassName, noFooter }: { children: ReactNode; wrapperClassName?: string; noFooter?: boolean }) {
  const { pending, page } = useSite();
  return (
    <>
      <SkipToContent />
      <AnnouncementBar />
      <Navbar />
      <div id={MAIN_CONTENT_ID} className={`main-wrapper${wrapperClassName ? ' ' + wrapperClassName : ''}`} aria-busy={pending ? true : undefined} tabIndex={-1}>
        {/* A crash of the page's content keeps the navbar and footer, so the reader can go elsewhere. */}
        <ErrorBoundary resetKey={page.route}>{children}</ErrorBoundary>
      </div>
      {!noFooter && <Footer />}
    </>
  );
}
