/**
 * Build-time validation of the site configuration and the sidebars, so that a mistake fails
 * `gatsby build` with a message naming the entry instead of shipping a broken navbar.
 */
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { firstSidebarLink, sidebarDocIds } from './docs-paths';
import { navbarItemSchemas, type NavbarItemType } from './navbar-item-schemas';
import { NO_COMPONENT_FOR_TYPE, navbarItemType } from './navbar-item-type';
import { SiteConfigSchema, type SiteConfig } from './site-config-schema';
import type { SidebarItem, Sidebars } from './sidebars';

export interface ValidationContext {
  /** Ids of every MDX doc under content/docs. */
  docIds: ReadonlySet<string>;
  sidebars: Sidebars;
}

function schemaErrors(schema: TSchema, value: unknown, at: string): string[] {
  return Value.Errors(schema, value)
    .filter((error) => error.keyword !== 'boolean') // duplicates of additionalProperties
    .map((error) => {
      const extra =
        error.keyword === 'additionalProperties'
          ? ` (${JSON.stringify((error.params as { additionalProperties?: unknown }).additionalProperties)})`
          : '';
      return `${at}${error.instancePath.replaceAll('/', '.')}: ${error.message}${extra}`;
    });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNavbarItemType(type: string): type is NavbarItemType {
  return Object.hasOwn(navbarItemSchemas, type);
}

function linkErrors(link: Record<string, unknown>, at: string): string[] {
  const to = link['to'];
  const href = link['href'];
  const errors: string[] = [];
  if ((to === undefined) === (href === undefined)) {
    errors.push(`${at}: give exactly one of "to" (a page of this site) or "href" (another site)`);
  }
  if (typeof to === 'string' && !to.split('#')[0]!.endsWith('/')) {
    errors.push(`${at}: internal link "${to}" must end with a trailing slash`);
  }
  return errors;
}

function navbarItemErrors(item: unknown, at: string, context: ValidationContext): string[] {
  if (!isRecord(item)) return [`${at}: a navbar item must be an object`];
  const type = navbarItemType(item);
  if (!isNavbarItemType(type)) {
    return [`${at}: ${NO_COMPONENT_FOR_TYPE} "${type}".`];
  }
  const errors = schemaErrors(navbarItemSchemas[type], item, at);
  if (errors.length > 0) return errors;
  switch (type) {
    case 'default':
      return linkErrors(item, at);
    case 'dropdown':
      return (item['items'] as unknown[]).flatMap((child, index) =>
        navbarItemErrors(child, `${at}.items[${index}]`, context),
      );
    case 'doc': {
      const docId = String(item['docId']);
      return context.docIds.has(docId) ? [] : [`${at}: no doc with id "${docId}" exists`];
    }
    case 'docSidebar': {
      const sidebarId = String(item['sidebarId']);
      const sidebar = context.sidebars[sidebarId];
      if (sidebar === undefined) return [`${at}: no sidebar with id "${sidebarId}" exists`];
      return firstSidebarLink(sidebar) === undefined
        ? [`${at}: Sidebar with ID "${sidebarId}" doesn't have anything to be linked to.`]
        : [];
    }
    case 'docsVersion':
      return typeof item['to'] === 'string' ? linkErrors(item, at) : [];
    case 'localeDropdown':
    case 'search':
    case 'html':
    case 'docsVersionDropdown':
      return [];
    default: {
      const unreachable: never = type;
      return [`${at}: unhandled navbar item type ${String(unreachable)}`];
    }
  }
}

function sidebarErrors(
  items: readonly SidebarItem[],
  at: string,
  context: ValidationContext,
): string[] {
  return items.flatMap((item, index) => {
    const here = `${at}[${index}]`;
    if (item.type === 'doc') {
      return context.docIds.has(item.id) ? [] : [`${here}: no doc with id "${item.id}" exists`];
    }
    if (item.type === 'category') {
      const slugErrors = item.slug.endsWith('/')
        ? []
        : [`${here}: category slug "${item.slug}" must end with a trailing slash`];
      return [...slugErrors, ...sidebarErrors(item.items, `${here}.items`, context)];
    }
    return [];
  });
}

/** Every problem found, each naming the config entry; empty when the config is valid. */
export function siteConfigErrors(config: unknown, context: ValidationContext): string[] {
  const structural = schemaErrors(SiteConfigSchema, config, 'siteConfig');
  if (structural.length > 0) return structural;
  const site = config as SiteConfig;
  const errors: string[] = [];
  site.navbar.items.forEach((item, index) => {
    errors.push(...navbarItemErrors(item, `siteConfig.navbar.items[${index}]`, context));
  });
  const footerLinks = site.footer.links.flatMap((entry, column) =>
    'items' in entry
      ? entry.items.map((link, index) => ({
          link,
          at: `siteConfig.footer.links[${column}].items[${index}]`,
        }))
      : [{ link: entry, at: `siteConfig.footer.links[${column}]` }],
  );
  for (const { link, at } of footerLinks) errors.push(...linkErrors(link, at));
  const { i18n } = site;
  for (const locale of [i18n.defaultLocale, i18n.currentLocale]) {
    if (!i18n.locales.includes(locale))
      errors.push(`siteConfig.i18n: locale "${locale}" is not in locales`);
  }
  for (const locale of i18n.locales) {
    if (i18n.localeConfigs[locale] === undefined) {
      errors.push(`siteConfig.i18n.localeConfigs: "${locale}" has no label and htmlLang`);
    }
  }
  if (!site.docs.versions.some((version) => version.name === site.docs.lastVersion)) {
    errors.push(`siteConfig.docs.lastVersion: "${site.docs.lastVersion}" is not a listed version`);
  }
  for (const [id, items] of Object.entries(context.sidebars)) {
    errors.push(...sidebarErrors(items, `sidebars.${id}`, context));
    if (sidebarDocIds(items).length === 0) errors.push(`sidebars.${id}: has no doc`);
  }
  return errors;
}

export function assertValidSiteConfig(config: unknown, context: ValidationContext): SiteConfig {
  const errors = siteConfigErrors(config, context);
  if (errors.length > 0) {
    throw new Error(`Invalid site configuration:\n  - ${errors.join('\n  - ')}`);
  }
  return config as SiteConfig;
}
