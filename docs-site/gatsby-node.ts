/**
 * Build-time wiring: validates the site configuration, creates the docs and category pages,
 * and inlines the docs index and the contracts data into the bundle (DefinePlugin).
 */
import path from 'node:path';
import type { CreatePagesArgs, CreateWebpackConfigArgs, GatsbyNode } from 'gatsby';
import { API_REFERENCE_CACHE, saveRenderedReference } from './src/build/api-reference/cache';
import { renderApiReference } from './src/build/api-reference/render';
import { BUNDLED_OPENAPI, buildContractsData } from './src/build/contracts-data';
import type { DocsIndex } from './src/build/docs-index';
import { formatLastUpdated, lastCommitDate } from './src/build/git-last-updated';
import { writeSearchIndex } from './src/build/search-documents';
import { writeSitemap } from './src/build/sitemap';
import { DOCS_ROOT, docPath } from './src/config/docs-paths';
import { siteConfig } from './src/config/site-config';
import { sidebars, type SidebarCategoryItem, type SidebarItem } from './src/config/sidebars';
import { assertValidSiteConfig } from './src/config/validate-site-config';
import {
  fasterProductionBuild,
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
      id: string;
      frontmatter: { title: string | null; description: string | null } | null;
      internal: { contentFilePath: string };
    }>;
  };
}

let docsIndex: DocsIndex = {};

export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] = ({ actions }) => {
  // Declared so the query works before any MDX file uses a field; docs are checked in createPages.
  actions.createTypes(`
    type Mdx implements Node {
      frontmatter: MdxFrontmatter
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

export const createPages: GatsbyNode['createPages'] = async (args: CreatePagesArgs) => {
  const { actions, reporter } = args;
  const result = await args.graphql<DocsQuery>(`
    {
      allMdx {
        nodes {
          id
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
  const docs = result.data.allMdx.nodes
    .filter((node) => node.internal.contentFilePath.startsWith(`${DOCS_CONTENT}${path.sep}`))
    .map((node) => {
      const relative = path.relative(DOCS_CONTENT, node.internal.contentFilePath);
      const id = relative
        .replace(/\.mdx$/, '')
        .split(path.sep)
        .join('/');
      return { node, id, path: docPath(id) };
    });

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
        id: node.id,
        docId: id,
        sidebarId: sidebarOf(id) ?? null,
        editUrl:
          editUrl === undefined
            ? null
            : `${editUrl}${path.relative(REPOSITORY_ROOT, file).split(path.sep).join('/')}`,
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
  saveRenderedReference(renderApiReference(BUNDLED_OPENAPI, API_REFERENCE_CACHE));
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
    fasterProductionBuild(tuneCssModules((getConfig as () => WebpackConfig)()), stage),
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
      // The HTML renderer never runs Redoc (see live-reference.server.ts).
      ...(stage === 'build-html' || stage === 'develop-html'
        ? [
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
          // Redoc renders an <img> from its CDN in the sidebar footer; we serve it ourselves.
          test: /redoc[\\/]bundles[\\/]redoc\.browser\.lib\.js$/,
          use: [{ loader: path.resolve(__dirname, 'plugins/redoc-self-hosted-loader.js') }],
        },
      ],
    },
  });
};
