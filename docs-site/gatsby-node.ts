/**
 * Build-time wiring: validates the site configuration, creates the docs and category pages,
 * and inlines the docs index and the contracts data into the bundle (DefinePlugin).
 */
import path from 'node:path';
import type { CreatePagesArgs, CreateWebpackConfigArgs, GatsbyNode } from 'gatsby';
import { API_REFERENCE_CACHE } from './src/build/api-reference/cache';
import { renderApiReference, type RenderedReference } from './src/build/api-reference/render';
import { BUNDLED_OPENAPI, buildContractsData } from './src/build/contracts-data';
import type { DocsIndex } from './src/build/docs-index';
import { formatLastUpdated, lastCommitDate } from './src/build/git-last-updated';
import { writeSearchIndex } from './src/build/search-documents';
import { writeSitemap } from './src/build/sitemap';
import { DOCS_ROOT, docPath } from './src/config/docs-paths';
import { guideEditUrl, withConfiguredEditUrl } from './src/config/edit-url';
import { siteConfig as siteConfigAsWritten } from './src/config/site-config';
import { sidebars, type SidebarCategoryItem, type SidebarItem } from './src/config/sidebars';
import { assertValidSiteConfig } from './src/config/validate-site-config';
import {
  fasterProductionBuild,
  portableBuild,
  tuneCssModules,
  type WebpackConfig,
} from './src/build/webpack-config';

const DOCS_CONTENT = path.resolve(__dirname, 'content/docs');
const DOC_TEMPLATE = path.resolve(__dirname, 'src/templates/doc-page.tsx');
const CATEGORY_TEMPLATE = path.resolve(__dirname, 'src/templates/doc-category.tsx');
/** The repository's root, which the configured edit URL points into. */
const REPOSITORY_ROOT = path.resolve(__dirname, '..');

interface DocsQuery {
  allMdx: {
    nodes: Array<{
      frontmatter: { title: string | null; description: string | null } | null;
      internal: { contentFilePath: string };
    }>;
  };
}

/** The site config, with the edit URL the build's environment sets (DOCS_EDIT_URL). */
const siteConfig = withConfiguredEditUrl(siteConfigAsWritten, process.env);

let docsIndex: DocsIndex = {};
/** Rendered in createPages; the HTML renderer gets it inlined (rendered-reference.ts). */
let renderedReference: RenderedReference | null = null;

export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] = ({ actions }) => {
  // Declared so the query works before any MDX file uses a field; docs are checked in createPages.
  actions.createTypes(`
    type Mdx implements Node {
      frontmatter: MdxFrontmatter
      fields: MdxFields
    }
    type MdxFields {
      docId: String
    }
    type MdxFrontmatter {
      title: String
      description: String
    }
  `);
};

function categories(items: readonly SidebarItem[]): SidebarCategoryItem[] {
  return items.flatMap((item) =>
    item.type === 'category' ? [item, ...categories(item.items)] : [],
  );
}

/**
 * The sidebar a doc belongs to (its first), for the page context. The docs root is the landing
 * page of the docs and shows the first sidebar (SPEC §2: "with sidebar and landing page").
 */
function sidebarOf(docId: string): string | undefined {
  if (docId === 'index') return Object.keys(sidebars)[0];
  const contains = (items: readonly SidebarItem[]): boolean =>
    items.some(
      (item) =>
        (item.type === 'doc' && item.id === docId) ||
        (item.type === 'category' && contains(item.items)),
    );
  return Object.keys(sidebars).find((id) => contains(sidebars[id] ?? []));
}

/** A guide's id: its path under content/docs without the extension (`developer/webhooks`). */
function docIdOf(contentFilePath: string): string | undefined {
  if (!contentFilePath.startsWith(`${DOCS_CONTENT}${path.sep}`)) return undefined;
  return path
    .relative(DOCS_CONTENT, contentFilePath)
    .replace(/\.mdx$/, '')
    .split(path.sep)
    .join('/');
}

/**
 * Each guide's MDX node gets its doc id as a field, which the doc page queries by. Gatsby's node
 * ids hash the file's absolute path, and a page's context is written to its page-data.json, so
 * querying by node id made the site's files depend on the checkout's directory (defect 7).
 */
export const onCreateNode: GatsbyNode['onCreateNode'] = ({ node, actions }) => {
  if (node.internal.type !== 'Mdx') return;
  const contentFilePath = (node.internal as { contentFilePath?: string }).contentFilePath;
  const docId = contentFilePath === undefined ? undefined : docIdOf(contentFilePath);
  if (docId !== undefined) actions.createNodeField({ node, name: 'docId', value: docId });
};

export const createPages: GatsbyNode['createPages'] = async (args: CreatePagesArgs) => {
  const { actions, reporter } = args;
  const result = await args.graphql<DocsQuery>(`
    {
      allMdx {
        nodes {
          frontmatter {
            title
            description
          }
          internal {
            contentFilePath
          }
        }
      }
    }
  `);
  if (result.errors !== undefined || result.data === undefined) {
    reporter.panicOnBuild('Could not query the docs', result.errors as Error[]);
    return;
  }
  // Sorted by id: the docs index is inlined into the app bundle, whose bytes must not depend on
  // the order the file system listed the guides in.
  const docs = result.data.allMdx.nodes
    .flatMap((node) => {
      const id = docIdOf(node.internal.contentFilePath);
      return id === undefined ? [] : [{ node, id, path: docPath(id) }];
    })
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  const untitled = docs.filter(
    ({ node }) => !node.frontmatter?.title || !node.frontmatter.description,
  );
  if (untitled.length > 0) {
    reporter.panicOnBuild(
      `Every doc needs a title and a description in its front matter: ${untitled.map((doc) => doc.id).join(', ')}`,
    );
    return;
  }
  docsIndex = Object.fromEntries(
    docs.map(({ node, id, path: docUrl }) => [
      id,
      {
        id,
        title: node.frontmatter?.title ?? id,
        description: node.frontmatter?.description ?? '',
        path: docUrl,
      },
    ]),
  );

  try {
    assertValidSiteConfig(siteConfig, { docIds: new Set(Object.keys(docsIndex)), sidebars });
  } catch (error) {
    reporter.panicOnBuild(error instanceof Error ? error.message : String(error));
    return;
  }

  const { editUrl, showLastUpdated } = siteConfig.docs;
  for (const { node, id, path: docUrl } of docs) {
    const file = node.internal.contentFilePath;
    const lastCommit = showLastUpdated ? lastCommitDate(file) : null;
    actions.createPage({
      path: docUrl,
      component: `${DOC_TEMPLATE}?__contentFilePath=${file}`,
      context: {
        docId: id,
        sidebarId: sidebarOf(id) ?? null,
        editUrl: guideEditUrl(
          editUrl,
          path.relative(REPOSITORY_ROOT, file).split(path.sep).join('/'),
        ),
        lastUpdated:
          lastCommit === null
            ? null
            : { iso: lastCommit.toISOString(), text: formatLastUpdated(lastCommit) },
      },
    });
  }

  for (const [sidebarId, items] of Object.entries(sidebars)) {
    for (const category of categories(items)) {
      actions.createPage({
        path: category.slug,
        component: CATEGORY_TEMPLATE,
        context: { slug: category.slug, sidebarId },
      });
    }
  }

  if (docsIndex['index'] === undefined) {
    reporter.panicOnBuild(`The docs root ${DOCS_ROOT} needs content/docs/index.mdx`);
  }

  const timer = reporter.activityTimer('Rendering the API reference with Redoc');
  timer.start();
  renderedReference = renderApiReference(BUNDLED_OPENAPI, API_REFERENCE_CACHE);
  timer.end();
};

/** The guides' search index and the sitemap, from what the build wrote to public/. */
export const onPostBuild: GatsbyNode['onPostBuild'] = async (args) => {
  const { reporter } = args;
  const publicDir = path.resolve(__dirname, 'public');
  const sections = writeSearchIndex(publicDir, Object.values(docsIndex));
  reporter.info(`Search index: ${sections} sections of ${Object.keys(docsIndex).length} guides`);
  const result = await args.graphql<{ allSitePage: { nodes: Array<{ path: string }> } }>(
    '{ allSitePage { nodes { path } } }',
  );
  if (result.data === undefined) {
    reporter.panicOnBuild('Could not list the pages for the sitemap', result.errors as Error[]);
    return;
  }
  writeSitemap(
    publicDir,
    siteConfig.url,
    result.data.allSitePage.nodes.map((page) => page.path),
  );
};

export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({
  stage,
  actions,
  plugins,
  getConfig,
}: CreateWebpackConfigArgs) => {
  // Gatsby types getConfig as a bare `Function`.
  actions.replaceWebpackConfig(
    portableBuild(
      fasterProductionBuild(tuneCssModules((getConfig as () => WebpackConfig)()), stage),
      stage,
      REPOSITORY_ROOT,
    ),
  );
  // Gatsby types its webpack plugin factories as bare `Function`s.
  const define = plugins.define as (definitions: Record<string, string>) => unknown;
  const replaceModule = plugins.normalModuleReplacement as (
    pattern: RegExp,
    replacement: string,
  ) => unknown;
  actions.setWebpackConfig({
    plugins: [
      define({
        __DOCS_INDEX__: JSON.stringify(docsIndex),
        __BRAND_API_CONTRACTS__: JSON.stringify(buildContractsData()),
      }),
      // The HTML renderer never runs Redoc (see live-reference.server.ts): it is given the
      // reference rendered in createPages (see rendered-reference.ts).
      ...(stage === 'build-html' || stage === 'develop-html'
        ? [
            define({ __API_REFERENCE_RENDERED__: JSON.stringify(renderedReference) }),
            replaceModule(
              /ApiReference[\\/]live-reference\.tsx$/,
              path.resolve(__dirname, 'src/components/ApiReference/live-reference.server.ts'),
            ),
          ]
        : []),
    ],
    module: {
      rules: [
        {
          // Each guide's page imports its MDX by a relative path, not the checkout's absolute one.
          test: /\.tsx$/,
          resourceQuery: /__contentFilePath=/,
          enforce: 'post',
          use: [{ loader: path.resolve(__dirname, 'plugins/portable-mdx-import-loader.js') }],
        },
        {
          // Redoc renders an <img> from its CDN in the sidebar footer; we serve it ourselves.
          test: /redoc[\\/]bundles[\\/]redoc\.browser\.lib\.js$/,
          use: [{ loader: path.resolve(__dirname, 'plugins/redoc-self-hosted-loader.js') }],
        },
      ],
    },
  });
};
