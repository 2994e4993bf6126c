/**
 * The site shell around every page (gatsby wrapPageElement): providers, skip link, announcement
 * bar, navbar, the page inside a crash boundary, footer. A crash of the shell itself falls back
 * to a bare crash screen.
 */
import { MDXProvider } from '@mdx-js/react';
import { Suspense, type ReactNode } from 'react';
import { siteConfig } from '../../config/site-config';
import { AnnouncementBarProvider } from '../../contexts/announcementBar';
import { ColorModeProvider } from '../../contexts/colorMode';
import { NavbarMobileSidebarProvider } from '../../contexts/navbarMobileSidebar';
import { PageContext, type PageInfo } from '../../contexts/page';
import { AnnouncementBar } from '../AnnouncementBar';
import { CodeBlock } from '../CodeBlock';
import { ErrorBoundary } from '../ErrorBoundary/ErrorBoundary';
import { ErrorPageContent } from '../ErrorBoundary/ErrorPageContent';
import { Footer } from '../Footer';
import { Navbar } from '../Navbar';
import { Main } from './Main';
import { SkipToContent } from '../SkipToContent';
import { TabItem, Tabs } from '../Tabs';
import * as styles from './styles.module.css';

/**
 * Components MDX content may use without importing them: CodeBlock (produced by our rehype
 * plugins), Tabs and TabItem (code samples in several languages).
 */
const mdxComponents = { CodeBlock, Tabs, TabItem };

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
              {/* Suspense boundaries let React hydrate the shell in several short tasks
                  instead of one long one (less blocking time on slow phones). */}
              <Suspense fallback={null}>
                <Navbar />
              </Suspense>
              <div className={styles.mainWrapper}>
                <ErrorBoundary
                  fallback={(props) => (
                    <Main>
                      <ErrorPageContent {...props} />
                    </Main>
                  )}
                >
                  <Suspense fallback={null}>
                    <MDXProvider components={mdxComponents}>{children}</MDXProvider>
                  </Suspense>
                </ErrorBoundary>
              </div>
              <Suspense fallback={null}>
                <Footer />
              </Suspense>
            </ErrorBoundary>
          </NavbarMobileSidebarProvider>
        </AnnouncementBarProvider>
      </ColorModeProvider>
    </PageContext.Provider>
  );
}
