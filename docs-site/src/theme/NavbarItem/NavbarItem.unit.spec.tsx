/** @jest-environment jsdom */
import { cleanup, render, screen } from '@testing-library/react';
import type { NavbarItemConfig } from '../../config/navbar-item-schemas';
import { PageContext } from '../../contexts/page';
import { ErrorBoundary } from '../ErrorBoundary/ErrorBoundary';
import { ErrorPageContent } from '../ErrorBoundary/ErrorPageContent';
import { NavbarItem } from '.';

function renderItem(item: NavbarItemConfig, mobile = false) {
  return render(
    <PageContext.Provider
      value={{ pathname: '/docs/intro/', hash: '', search: '', sidebarId: 'guides' }}
    >
      <ErrorBoundary fallback={(props) => <ErrorPageContent {...props} />}>
        <ul>
          <NavbarItem item={item} mobile={mobile} />
        </ul>
      </ErrorBoundary>
    </PageContext.Provider>,
  );
}

// React logs caught render errors; the assertions below are about what the user sees.
beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('NavbarItem renders each of the nine kinds', () => {
  it.each<[string, NavbarItemConfig, string]>([
    ['link', { label: 'API', to: '/api/' }, 'API'],
    [
      'dropdown',
      {
        type: 'dropdown',
        label: 'More',
        items: [{ label: 'REST', to: '/docs/developer/rest-api/' }],
      },
      'More',
    ],
    ['localeDropdown', { type: 'localeDropdown' }, 'English'],
    ['search', { type: 'search' }, 'Search'],
    ['html', { type: 'html', value: '<span class="raw">Raw HTML</span>' }, 'Raw HTML'],
    ['doc', { type: 'doc', docId: 'developer/webhooks' }, 'Webhooks'],
    ['docSidebar', { type: 'docSidebar', sidebarId: 'guides', label: 'Guides' }, 'Guides'],
    ['docsVersion', { type: 'docsVersion' }, 'v1.0.0'],
    ['docsVersionDropdown', { type: 'docsVersionDropdown' }, 'v1.0.0'],
  ])('%s', (_kind, item, text) => {
    renderItem(item);
    expect(screen.getAllByText(text, { exact: false }).length).toBeGreaterThan(0);
    renderItem(item, true);
    expect(screen.queryByText('This page crashed.')).toBeNull();
  });

  it('links a docs sidebar item to the first doc of its sidebar, active on its pages', () => {
    renderItem({ type: 'docSidebar', sidebarId: 'guides', label: 'Guides' });
    const link = screen.getByText('Guides');
    expect(link.getAttribute('href')).toBe('/docs/intro/');
    expect(link.className).toContain('linkActive');
  });
});

describe('the search item', () => {
  it('shows on guide pages only: the API reference keeps no search', () => {
    renderItem({ type: 'search' });
    expect(screen.getByRole('button', { name: 'Search the docs' })).toBeTruthy();
    cleanup();
    render(
      <PageContext.Provider value={{ pathname: '/api/', hash: '', search: '', sidebarId: null }}>
        <NavbarItem item={{ type: 'search' }} />
      </PageContext.Provider>,
    );
    expect(screen.queryByRole('button', { name: 'Search the docs' })).toBeNull();
  });
});

describe('a failing navbar item', () => {
  it('fails on an unknown type and names the config entry', () => {
    renderItem({ type: 'fancy', label: 'Fancy' } as unknown as NavbarItemConfig);
    expect(screen.getByText('This page crashed.')).toBeTruthy();
    expect(screen.getByText(/Please double-check the following navbar item/).textContent).toContain(
      '"type": "fancy"',
    );
    expect(screen.getByText(/No NavbarItem component found for type "fancy"/)).toBeTruthy();
  });

  it('fails on a docs sidebar item without a link target', () => {
    renderItem({ type: 'docSidebar', sidebarId: 'nowhere', label: 'Nowhere' });
    expect(
      screen.getByText(/Sidebar with ID "nowhere" doesn't have anything to be linked to/),
    ).toBeTruthy();
  });
});
