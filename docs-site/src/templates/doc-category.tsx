/** Generated index page of a sidebar category (SPEC §2 /docs/category/developers/). */
import type { HeadProps, PageProps } from 'gatsby';
import { sidebars, type SidebarCategoryItem, type SidebarItem } from '../config/sidebars';
import { DocCardList } from '../theme/DocCardList';
import { DocPage } from '../theme/DocPage';
import { Seo } from '../theme/Layout/Seo';

interface CategoryContext {
  slug: string;
  sidebarId: string;
}

function findCategory(
  items: readonly SidebarItem[],
  slug: string,
): SidebarCategoryItem | undefined {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.slug === slug) return item;
    const inner = findCategory(item.items, slug);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

function categoryOf({ slug, sidebarId }: CategoryContext): SidebarCategoryItem {
  const category = findCategory(sidebars[sidebarId] ?? [], slug);
  if (category === undefined) throw new Error(`No sidebar category has the slug ${slug}`);
  return category;
}

export default function DocCategoryTemplate({ pageContext }: PageProps<object, CategoryContext>) {
  const category = categoryOf(pageContext);
  return (
    <DocPage title={category.label}>
      <p>{category.description}</p>
      <DocCardList items={category.items} />
    </DocPage>
  );
}

export function Head({ pageContext, location }: HeadProps<object, CategoryContext>) {
  const category = categoryOf(pageContext);
  return (
    <Seo
      title={category.label}
      description={`${category.label}: ${category.description} Guides for brand developers.`}
      pathname={location.pathname}
    />
  );
}
