// @ts-check
/**
 * Code blocks and tables can scroll sideways; keyboard users must be able to focus them to
 * scroll (WCAG 2.1.1, axe `scrollable-region-focusable`), so each gets tabindex="0".
 */
import { visit } from 'unist-util-visit';

export default function rehypeFocusableScroll() {
  /** @param {import('hast').Root} tree */
  return (tree) => {
    visit(tree, 'element', (node) => {
      if (node.tagName === 'pre' || node.tagName === 'table') {
        node.properties = { ...node.properties, tabIndex: 0 };
      }
    });
  };
}
