/**
 * The API reference is rendered at build time in the light theme; its dark look comes from CSS.
 * Redoc styles itself with styled-components, whose class names hash the generated CSS, so the
 * same page rendered in the dark theme has the same elements with other class names where a
 * colour differs. Pairing the two renders element by element maps each light class to its dark
 * twin; the dark rules are then rewritten for the light class under `html[data-theme='dark']`.
 */
import { parse } from 'node-html-parser';
import postcss from 'postcss';

/** Light class → dark class, for the classes that differ; the build fails if the renders differ. */
export function pairClasses(lightHtml: string, darkHtml: string): Map<string, string> {
  const light = parse(lightHtml).querySelectorAll('*');
  const dark = parse(darkHtml).querySelectorAll('*');
  if (light.length !== dark.length) {
    throw new Error(
      `The light and dark renders differ: ${light.length} vs ${dark.length} elements`,
    );
  }
  const pairs = new Map<string, string>();
  const darkToLight = new Map<string, string>();
  light.forEach((element, index) => {
    const twin = dark[index]!;
    const lightClasses = (element.getAttribute('class') ?? '').split(/\s+/).filter(Boolean);
    const darkClasses = (twin.getAttribute('class') ?? '').split(/\s+/).filter(Boolean);
    if (element.tagName !== twin.tagName || lightClasses.length !== darkClasses.length) {
      throw new Error(
        `The light and dark renders differ at element ${index}: <${element.tagName} class="${lightClasses.join(' ')}"> vs <${twin.tagName} class="${darkClasses.join(' ')}">`,
      );
    }
    lightClasses.forEach((lightClass, position) => {
      const darkClass = darkClasses[position]!;
      if (lightClass === darkClass) return;
      if ((pairs.get(lightClass) ?? darkClass) !== darkClass) {
        throw new Error(`Light class ${lightClass} has two dark twins`);
      }
      if ((darkToLight.get(darkClass) ?? lightClass) !== lightClass) {
        throw new Error(`Dark class ${darkClass} is the twin of two light classes`);
      }
      pairs.set(lightClass, darkClass);
      darkToLight.set(darkClass, lightClass);
    });
  });
  return pairs;
}

const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The dark render's rules that style a paired class, rewritten for the light class and scoped
 * to dark mode (one more attribute and element in the selector: they win over the light rules).
 */
export function darkOverrides(darkCss: string, pairs: Map<string, string>): string {
  const lightOf = new Map([...pairs].map(([light, dark]) => [dark, light]));
  if (lightOf.size === 0) return '';
  const darkClass = new RegExp(`\\.(${[...lightOf.keys()].map(escape).join('|')})(?![\\w-])`, 'g');
  const root = postcss.parse(darkCss);
  root.walkComments((comment) => {
    comment.remove();
  });
  // Animations do not change with the theme, and the light render already defines them.
  root.walkAtRules(/keyframes$/, (atRule) => {
    atRule.remove();
  });
  root.walkRules((rule) => {
    const selectors = rule.selectors.filter((selector) => {
      darkClass.lastIndex = 0;
      return darkClass.test(selector);
    });
    if (selectors.length === 0) {
      rule.remove();
      return;
    }
    rule.selectors = selectors.map(
      (selector) =>
        `html[data-theme='dark'] ${selector.replace(darkClass, (_, name: string) => `.${lightOf.get(name)!}`)}`,
    );
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes !== undefined && atRule.nodes.length === 0) atRule.remove();
  });
  return root.toString();
}
