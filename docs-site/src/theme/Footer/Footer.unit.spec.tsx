/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { PageContext } from '../../contexts/page';
import { Footer } from '.';

function renderFooter(footer?: Parameters<typeof Footer>[0]['footer']) {
  return render(
    <PageContext.Provider value={{ pathname: '/', hash: '', search: '', sidebarId: null }}>
      <Footer footer={footer} />
    </PageContext.Provider>,
  );
}

describe('Footer', () => {
  it('shows the three columns of SPEC §2 and the 2025 copyright', () => {
    renderFooter();
    const titles = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(['Docs', 'Admin', 'More']);
    expect(screen.getByText('Tutorial').getAttribute('href')).toBe('/docs/intro/');
    expect(screen.getByText('Brand Admin').closest('a')!.getAttribute('target')).toBe('_blank');
    expect(screen.getByText(/Copyright © 2025/)).toBeTruthy();
  });

  it('supports a single row of links and a logo', () => {
    renderFooter({
      style: 'light',
      links: [
        { label: 'Status', href: 'https://status.example.com' },
        { label: 'Guides', to: '/docs/' },
      ],
      logo: { src: '/img/logo.svg', alt: 'Brand API logo', width: 32, height: 32 },
      copyright: 'Copyright © 2025 Brand Community.',
    });
    expect(screen.queryAllByRole('heading')).toEqual([]);
    const row = screen.getByRole('list');
    expect(
      within(row)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Status (opens in a new tab)', 'Guides']);
    expect(screen.getByAltText('Brand API logo').getAttribute('src')).toBe('/img/logo.svg');
  });
});
