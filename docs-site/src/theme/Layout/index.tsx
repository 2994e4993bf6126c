/**
 * The site shell around every page (gatsby wrapPageElement): providers, skip link, announcement
 * bar, navbar, the page inside a crash boundary, footer. A crash of the shell itself falls back
 * to a bare crash screen.
 */
import type { ReactNode } from 'react';
import { siteConfig } from '../../config/site-config';
import { AnnouncementBarProvider } from '../../contexts/announcementBar';
import { ColorModeProvider } from '../../contexts/colorMode';
import { NavbarMobileSidebarProvider } from '../../contexts/navbarMobileSidebar';
import { PageContext, type PageInfo } from '../../contexts/page';
import { AnnouncementBar } from '../AnnouncementBar';
import { ErrorBoundary } from '../ErrorBoundary/ErrorBoundary';
import { ErrorPageContent } from '../ErrorBoundary/ErrorPageContent';
import { Footer } from '../Footer';
import { Navbar } from '../Navbar';
import { Main } from './Main';
import { SkipToContent } from '../SkipToContent';

export function Layout({ page, children }: { page: PageInfo; children: ReactNode }) {
  return (
    <PageContext.Provider value={page}>
      <ColorModeProvider config={siteConfig.colorMode}>
        <AnnouncementBarProvider config={siteConfig.announcementBar}>
          <NavbarMobileSidebarProvider>
            <ErrorBoundary
              fallback={(props) => (
                <Main>
                  <ErrorPageContent {...props} />
                </Main>
              )}
            >
              <SkipToContent />
              <AnnouncementBar />
              <Navbar />
              <div className="main-wrapper">
                <ErrorBoundary
                  fallback={(props) => (
                    <Main>
                      <ErrorPageContent {...props} />
                    </Main>
                  )}
                >
                  {children}
                </ErrorBoundary>
              </div>
              <Footer />
            </ErrorBoundary>
          </NavbarMobileSidebarProvider>
        </AnnouncementBarProvider>
      </ColorModeProvider>
    </PageContext.Provider>
  );
}
