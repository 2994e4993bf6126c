import { graphql, type HeadProps, type PageProps } from 'gatsby';
import type { DocFooterInfo } from '../theme/DocFooter';
import type { TocItem } from '../theme/TOC';
import { DocPage } from '../theme/DocPage';
import { Seo } from '../theme/Layout/Seo';

interface DocData {
  mdx: {
    frontmatter: { title: string; description: string };
    tableOfContents: { items?: TocItem[] };
  };
}

/** Set by gatsby-node for each guide. */
type DocPageContext = DocFooterInfo;

export default function DocPageTemplate({
  data,
  pageContext,
  children,
}: PageProps<DocData, DocPageContext>) {
  return (
    <DocPage
      title={data.mdx.frontmatter.title}
      toc={data.mdx.tableOfContents.items ?? []}
      footer={{ editUrl: pageContext.editUrl, lastUpdated: pageContext.lastUpdated }}
    >
      {children}
    </DocPage>
  );
}

export function Head({ data, location }: HeadProps<DocData>) {
  return (
    <Seo
      title={data.mdx.frontmatter.title}
      description={data.mdx.frontmatter.description}
      pathname={location.pathname}
    />
  );
}

export const query = graphql`
  query DocPage($docId: String!) {
    mdx(fields: { docId: { eq: $docId } }) {
      frontmatter {
        title
        description
      }
      tableOfContents(maxDepth: 3)
    }
  }
`;
