/**
 * The documentation site's configuration, SPEC §3 "Site configuration", as one TypeBox schema:
 * the static type the theme reads and the shape the build validates. Navbar items are checked
 * one by one against their kind's schema (navbar-item-schemas.ts) so an error names the item.
 */
import { Type, type Static } from 'typebox';
import type { NavbarItemConfig } from './navbar-item-schemas';

const CssColor = Type.String({
  pattern: '^(#[0-9a-fA-F]{3,8}|var\\(--[a-z0-9-]+\\))$',
  description: 'A hex colour or a CSS custom property of the theme.',
});

export const AnnouncementBarSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, description: 'Change it to show the bar again to everyone.' }),
    content: Type.String({ minLength: 1, description: 'HTML, from this trusted file only.' }),
    backgroundColor: CssColor,
    textColor: CssColor,
    isCloseable: Type.Boolean(),
  },
  { additionalProperties: false },
);

export const LogoSchema = Type.Object(
  {
    src: Type.String({ pattern: '^/' }),
    srcDark: Type.Optional(Type.String({ pattern: '^/' })),
    alt: Type.String({ minLength: 1 }),
    href: Type.Optional(Type.String()),
    target: Type.Optional(Type.String()),
    width: Type.Optional(Type.Integer({ minimum: 1 })),
    height: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);

export const NavbarSchema = Type.Object(
  {
    title: Type.String({ minLength: 1 }),
    logo: Type.Optional(LogoSchema),
    // Items are validated per kind; here only "a list of objects".
    items: Type.Array(Type.Object({}, { additionalProperties: true })),
    hideOnScroll: Type.Boolean(),
    style: Type.Optional(Type.Union([Type.Literal('dark'), Type.Literal('primary')])),
  },
  { additionalProperties: false },
);

export const ColorModeSchema = Type.Object(
  {
    defaultMode: Type.Union([Type.Literal('light'), Type.Literal('dark')]),
    disableSwitch: Type.Boolean(),
    respectPrefersColorScheme: Type.Boolean(),
  },
  { additionalProperties: false },
);

export const FooterLinkSchema = Type.Object(
  {
    label: Type.String({ minLength: 1 }),
    to: Type.Optional(Type.String({ pattern: '^/' })),
    href: Type.Optional(Type.String({ pattern: '^(https?:|mailto:)' })),
  },
  { additionalProperties: false },
);

export const FooterColumnSchema = Type.Object(
  {
    title: Type.String({ minLength: 1 }),
    items: Type.Array(FooterLinkSchema, { minItems: 1 }),
  },
  { additionalProperties: false },
);

export const FooterSchema = Type.Object(
  {
    style: Type.Union([Type.Literal('light'), Type.Literal('dark')]),
    // Columns with titles, or one flat row of links (SPEC §2 "single row of links").
    links: Type.Union([
      Type.Array(FooterColumnSchema, { minItems: 1 }),
      Type.Array(FooterLinkSchema, { minItems: 1 }),
    ]),
    logo: Type.Optional(LogoSchema),
    copyright: Type.String({ minLength: 1 }),
  },
  { additionalProperties: false },
);

export const LocaleConfigSchema = Type.Object(
  {
    label: Type.String({ minLength: 1 }),
    htmlLang: Type.String({ minLength: 2 }),
    direction: Type.Union([Type.Literal('ltr'), Type.Literal('rtl')]),
  },
  { additionalProperties: false },
);

export const I18nSchema = Type.Object(
  {
    defaultLocale: Type.String({ minLength: 2 }),
    currentLocale: Type.String({ minLength: 2 }),
    locales: Type.Array(Type.String({ minLength: 2 }), { minItems: 1 }),
    localeConfigs: Type.Record(Type.String(), LocaleConfigSchema),
  },
  { additionalProperties: false },
);

export const DocsVersionSchema = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    label: Type.String({ minLength: 1 }),
    path: Type.String({ pattern: '^/.*/$' }),
  },
  { additionalProperties: false },
);

export const SiteConfigSchema = Type.Object(
  {
    title: Type.String({ minLength: 1 }),
    titleDelimiter: Type.String({ minLength: 1 }),
    tagline: Type.String({ minLength: 1 }),
    description: Type.String({ minLength: 50, maxLength: 160 }),
    url: Type.String({ pattern: '^https://[^/]+$' }),
    baseUrl: Type.Literal('/'),
    trailingSlash: Type.Literal(true),
    i18n: I18nSchema,
    announcementBar: Type.Optional(AnnouncementBarSchema),
    navbar: NavbarSchema,
    colorMode: ColorModeSchema,
    footer: FooterSchema,
    docs: Type.Object(
      {
        lastVersion: Type.String({ minLength: 1 }),
        versions: Type.Array(DocsVersionSchema, { minItems: 1 }),
        editUrl: Type.Optional(
          Type.String({
            pattern: '^https://.+/$',
            description:
              'Where a guide is edited: its path in the repository (docs-site/content/docs/…) is appended. Without it, no "Edit this page" link.',
          }),
        ),
        showLastUpdated: Type.Boolean({
          description: "Show each guide's last commit date (from git at build time).",
        }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export type AnnouncementBarConfig = Static<typeof AnnouncementBarSchema>;
export type LogoConfig = Static<typeof LogoSchema>;
export type ColorModeConfig = Static<typeof ColorModeSchema>;
export type FooterLink = Static<typeof FooterLinkSchema>;
export type FooterColumn = Static<typeof FooterColumnSchema>;
export type FooterConfig = Static<typeof FooterSchema>;
export type I18nConfig = Static<typeof I18nSchema>;
export type DocsVersion = Static<typeof DocsVersionSchema>;
export type NavbarConfig = Omit<Static<typeof NavbarSchema>, 'items'> & {
  items: NavbarItemConfig[];
};
export type SiteConfig = Omit<Static<typeof SiteConfigSchema>, 'navbar'> & {
  navbar: NavbarConfig;
};
