// @ts-check
/**
 * Turns each highlighted code block into one `<CodeBlock html="…" />` element. Prism splits a
 * block into hundreds of spans; as JSX every span is a React element the browser must build and
 * hydrate, which showed up as main-thread blocking time on the guides. As an HTML string it is
 * smaller to ship and React hydrates it as a single element. Runs after highlighting.
 */
import { toHtml } from 'hast-util-to-html';
import { SKIP, visit } from 'unist-util-visit';

export default function rehypeStaticCode() {
  /** @param {import('hast').Root} tree */
  return (tree) => {
    visit(tree, 'element', (node, index, parent) => {
      if (node.tagName !== 'pre' || parent === null || index === null) return undefined;
      const staticHtml = {
        type: 'mdxJsxFlowElement',
        name: 'CodeBlock',
        attributes: [{ type: 'mdxJsxAttribute', name: 'html', value: toHtml(node) }],
        children: [],
      };
      // An MDX JSX node is not part of the hast types; the MDX compiler handles it.
      parent.children[index] = /** @type {import('hast').Element} */ (
        /** @type {unknown} */ (staticHtml)
      );
      return SKIP;
    });
  };
}
