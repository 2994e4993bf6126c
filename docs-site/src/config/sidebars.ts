/**
 * The docs sidebars: which guides appear, in what order, under which category. A doc id is the
 * MDX file's path under content/docs without its extension; the build fails on an unknown id.
 */
export interface SidebarDocItem {
  type: 'doc';
  id: string;
  /** Defaults to the doc's title. */
  label?: string;
}

export interface SidebarCategoryItem {
  type: 'category';
  label: string;
  /** Path of the generated category index page. */
  slug: string;
  description: string;
  items: SidebarItem[];
}

export interface SidebarLinkItem {
  type: 'link';
  label: string;
  href: string;
}

export type SidebarItem = SidebarDocItem | SidebarCategoryItem | SidebarLinkItem;

export type Sidebars = Record<string, SidebarItem[]>;

export const sidebars: Sidebars = {
  guides: [
    { type: 'doc', id: 'intro' },
    { type: 'doc', id: 'custom-auth' },
    {
      type: 'category',
      label: 'Developers',
      slug: '/docs/category/developers/',
      description: 'Calling the REST API and receiving webhooks.',
      items: [
        { type: 'doc', id: 'developer/rest-api' },
        { type: 'doc', id: 'developer/webhooks' },
      ],
    },
  ],
};
