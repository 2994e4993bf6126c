// @ts-check
/**
 * Gatsby configuration. ESM because the MDX 2 remark/rehype plugins are ESM-only.
 * Site content and shell settings live in src/config/site-config.ts (validated in gatsby-node).
 */
import { dirname, join } from 'node:path';
import { webhookExamples } from '@brand-api/contracts';
import { fileURLToPath } from 'node:url';
import rehypeAutolinkHeadings from 'rehype-autolink-headings';
import rehypePrism from 'rehype-prism-plus';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';
import rehypeFocusableScroll from './plugins/rehype-focusable-scroll.mjs';
import rehypeStaticCode from './plugins/rehype-static-code.mjs';
import remarkCodeRegion from './plugins/remark-code-region.mjs';

const root = dirname(fileURLToPath(import.meta.url));

/** @type {import('gatsby').GatsbyConfig} */
const config = {
  siteMetadata: { siteUrl: 'https://docs.brand-community.example' },
  trailingSlash: 'always',
  jsxRuntime: 'automatic',
  plugins: [
    {
      resolve: 'gatsby-source-filesystem',
      options: { name: 'pages', path: join(root, 'src/pages') },
    },
    {
      resolve: 'gatsby-source-filesystem',
      options: { name: 'docs', path: join(root, 'content/docs') },
    },
    {
      resolve: 'gatsby-plugin-mdx',
      options: {
        extensions: ['.mdx'],
        mdxOptions: {
          remarkPlugins: [remarkGfm, [remarkCodeRegion, { root, examples: webhookExamples }]],
          rehypePlugins: [
            rehypeSlug,
            [
              rehypeAutolinkHeadings,
              {
                behavior: 'append',
                test: ['h2', 'h3'],
                properties: { className: ['hash-link'], ariaHidden: true, tabIndex: -1 },
                content: { type: 'text', value: '#' },
              },
            ],
            [rehypePrism, { ignoreMissing: false }],
            rehypeFocusableScroll,
            rehypeStaticCode,
          ],
        },
      },
    },
  ],
};

export default config;
