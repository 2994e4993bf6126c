/**
 * The nine navbar item kinds of SPEC §2, one TypeBox schema each. The schemas give the static
 * types the theme renders and the build-time validator (see validate-site-config.ts); the browser
 * bundle imports only the types, never this module's runtime.
 */
import { Type, type Static } from 'typebox';

const Position = Type.Union([Type.Literal('left'), Type.Literal('right')], {
  description: 'Side of the navbar the item sits on (default left).',
});

const common = {
  position: Type.Optional(Position),
  className: Type.Optional(Type.String()),
};

/** A plain link: `to` for a page of this site, `href` for anything else. */
export const LinkItemSchema = Type.Object(
  {
    type: Type.Optional(Type.Literal('default')),
    label: Type.String({ minLength: 1 }),
    to: Type.Optional(Type.String({ pattern: '^/' })),
    href: Type.Optional(Type.String({ pattern: '^(https?:|mailto:)' })),
    activeBasePath: Type.Optional(Type.String({ pattern: '^/' })),
    activeBaseRegex: Type.Optional(Type.String()),
    target: Type.Optional(Type.String()),
    ...common,
  },
  { additionalProperties: false },
);

export const DocItemSchema = Type.Object(
  {
    type: Type.Literal('doc'),
    docId: Type.String({ minLength: 1 }),
    label: Type.Optional(Type.String({ minLength: 1 })),
    ...common,
  },
  { additionalProperties: false },
);

export const DocSidebarItemSchema = Type.Object(
  {
    type: Type.Literal('docSidebar'),
    sidebarId: Type.String({ minLength: 1 }),
    label: Type.String({ minLength: 1 }),
    ...common,
  },
  { additionalProperties: false },
);

export const DocsVersionItemSchema = Type.Object(
  {
    type: Type.Literal('docsVersion'),
    label: Type.Optional(Type.String({ minLength: 1 })),
    to: Type.Optional(Type.String({ pattern: '^/' })),
    ...common,
  },
  { additionalProperties: false },
);

/** Items a dropdown may hold: links and doc links. */
export const DropdownChildSchema = Type.Union([LinkItemSchema, DocItemSchema]);

export const DropdownItemSchema = Type.Object(
  {
    type: Type.Literal('dropdown'),
    label: Type.String({ minLength: 1 }),
    to: Type.Optional(Type.String({ pattern: '^/' })),
    items: Type.Array(DropdownChildSchema, { minItems: 1 }),
    ...common,
  },
  { additionalProperties: false },
);

export const LocaleDropdownItemSchema = Type.Object(
  {
    type: Type.Literal('localeDropdown'),
    ...common,
  },
  { additionalProperties: false },
);

export const SearchItemSchema = Type.Object(
  {
    type: Type.Literal('search'),
    ...common,
  },
  { additionalProperties: false },
);

/** Raw HTML, rendered as given: only from this trusted config file. */
export const HtmlItemSchema = Type.Object(
  {
    type: Type.Literal('html'),
    value: Type.String({ minLength: 1 }),
    ...common,
  },
  { additionalProperties: false },
);

export const DocsVersionDropdownItemSchema = Type.Object(
  {
    type: Type.Literal('docsVersionDropdown'),
    ...common,
  },
  { additionalProperties: false },
);

/** Schema per `type`; a link item may omit its type. */
export const navbarItemSchemas = {
  default: LinkItemSchema,
  dropdown: DropdownItemSchema,
  localeDropdown: LocaleDropdownItemSchema,
  search: SearchItemSchema,
  html: HtmlItemSchema,
  doc: DocItemSchema,
  docSidebar: DocSidebarItemSchema,
  docsVersion: DocsVersionItemSchema,
  docsVersionDropdown: DocsVersionDropdownItemSchema,
} as const;

export type NavbarItemType = keyof typeof navbarItemSchemas;

export type LinkNavbarItem = Static<typeof LinkItemSchema>;
export type DocNavbarItem = Static<typeof DocItemSchema>;
export type DocSidebarNavbarItem = Static<typeof DocSidebarItemSchema>;
export type DocsVersionNavbarItem = Static<typeof DocsVersionItemSchema>;
export type DropdownChild = Static<typeof DropdownChildSchema>;
export type DropdownNavbarItem = Static<typeof DropdownItemSchema>;
export type LocaleDropdownNavbarItem = Static<typeof LocaleDropdownItemSchema>;
export type SearchNavbarItem = Static<typeof SearchItemSchema>;
export type HtmlNavbarItem = Static<typeof HtmlItemSchema>;
export type DocsVersionDropdownNavbarItem = Static<typeof DocsVersionDropdownItemSchema>;

export type NavbarItemConfig =
  | LinkNavbarItem
  | DropdownNavbarItem
  | LocaleDropdownNavbarItem
  | SearchNavbarItem
  | HtmlNavbarItem
  | DocNavbarItem
  | DocSidebarNavbarItem
  | DocsVersionNavbarItem
  | DocsVersionDropdownNavbarItem;
