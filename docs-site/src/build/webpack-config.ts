/**
 * Adjustments to the webpack configuration Gatsby generates (applied in gatsby-node's
 * onCreateWebpackConfig, every stage).
 */

/** The parts of a webpack configuration these adjustments touch. */
export interface WebpackConfig {
  module?: { rules?: unknown[] };
  plugins?: unknown[];
}

interface LoaderUse {
  loader?: string;
  options?: { modules?: false | Record<string, unknown> };
}

/**
 * CSS modules: class names say which component they belong to (`Navbar_toggle__3c2f1` rather
 * than Gatsby's `styles-module--toggle--3c2f1`, every file being styles.module.css), and the CSS
 * of the components is merged without order warnings. Component styles never depend on their
 * order: each module styles only its own classes, and overrides of another component's class
 * are written with a higher specificity.
 */
export function tuneCssModules(config: WebpackConfig): WebpackConfig {
  const visit = (rule: unknown): void => {
    if (typeof rule !== 'object' || rule === null) return;
    const { oneOf, use, rules } = rule as { oneOf?: unknown[]; use?: unknown; rules?: unknown[] };
    for (const inner of [...(oneOf ?? []), ...(rules ?? [])]) visit(inner);
    for (const entry of Array.isArray(use) ? use : [use]) {
      const loaderUse = entry as LoaderUse | undefined;
      const modules = loaderUse?.options?.modules;
      if (loaderUse?.loader?.includes('css-loader') === true && typeof modules === 'object') {
        modules['localIdentName'] = '[folder]_[local]__[hash:base64:5]';
      }
    }
  };
  for (const rule of config.module?.rules ?? []) visit(rule);
  for (const plugin of config.plugins ?? []) {
    if (plugin?.constructor.name === 'MiniCssExtractPlugin') {
      (plugin as { options: Record<string, unknown> }).options['ignoreOrder'] = true;
    }
  }
  return config;
}
