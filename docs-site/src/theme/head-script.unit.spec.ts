/** @jest-environment jsdom */
import { siteConfig } from '../config/site-config';
import type { SiteConfig } from '../config/site-config-schema';
import { headScript } from './head-script';

function run(config: SiteConfig = siteConfig) {
  const script = document.createElement('script');
  script.textContent = headScript(config);
  document.head.appendChild(script);
  script.remove();
  const html = document.documentElement;
  return {
    theme: html.getAttribute('data-theme'),
    choice: html.getAttribute('data-theme-choice'),
    dismissed: html.getAttribute('data-announcement-bar-initially-dismissed'),
  };
}

function prefersDark(matches: boolean) {
  window.matchMedia = (query: string) =>
    ({ matches: matches && query.includes('dark') }) as MediaQueryList;
}

beforeEach(() => {
  localStorage.clear();
  prefersDark(true);
});

describe('the head script', () => {
  it('starts light, ignoring a dark system preference', () => {
    expect(run()).toEqual({ theme: 'light', choice: 'system', dismissed: 'false' });
  });

  it('applies the stored choice', () => {
    localStorage.setItem('theme', 'dark');
    expect(run().theme).toBe('dark');
  });

  it('follows the system when the site respects it', () => {
    const respecting = {
      ...siteConfig,
      colorMode: { ...siteConfig.colorMode, respectPrefersColorScheme: true },
    };
    expect(run(respecting).theme).toBe('dark');
  });

  it('hides the announcement only when this announcement was dismissed', () => {
    localStorage.setItem('announcement.dismiss', 'true');
    localStorage.setItem('announcement.id', 'older');
    expect(run().dismissed).toBe('false');
    localStorage.setItem('announcement.id', siteConfig.announcementBar!.id);
    expect(run().dismissed).toBe('true');
  });
});
