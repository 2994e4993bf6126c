/**
 * Adjustments to the webpack configuration Gatsby generates (applied in gatsby-node's
 * onCreateWebpackConfig, every stage).
 */

import TerserPlugin from 'terser-webpack-plugin';
import { PortableBuildPlugin } from './portable-build';

/** The parts of a webpack configuration these adjustments touch. */
export interface WebpackConfig {
  module?: { rules?: unknown[] };
  plugins?: unknown[];
  devtool?: string | false;
  optimization?: { minimizer?: unknown[]; moduleIds?: string | false };
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

/**
 * The production build in under half the time (issue 16; `npm run bench:docs` reports it).
 * Terser took half of webpack's time on the browser bundles, nearly all of it on the 800 KB
 * chunk of Redoc that only /api/ loads after an interaction. SWC's minifier (Rust, the one
 * Next.js uses) does the same work, with Gatsby's options (ES5 output, Safari 10 mangling),
 * several times faster and about as small. No source maps: nothing serves or reads them.
 */
export function fasterProductionBuild(config: WebpackConfig, stage: string): WebpackConfig {
  if (stage !== 'build-javascript' && stage !== 'build-html') return config;
  config.devtool = false;
  const minimizer = config.optimization?.minimizer;
  if (minimizer !== undefined) {
    config.optimization!.minimizer = minimizer.map((plugin) =>
      plugin instanceof TerserPlugin
        ? new TerserPlugin({
            exclude: /\.min\.js/,
            minify: TerserPlugin.swcMinify,
            terserOptions: {
              ecma: 5,
              compress: { ecma: 5 },
              mangle: { safari10: true },
            },
          } as unknown as ConstructorParameters<typeof TerserPlugin>[0])
        : plugin,
    );
  }
  return config;
}

/**
 * The browser bundles' module ids from paths relative to the repository, and the compilation
 * hash from the emitted files (see portable-build.ts), so a build's file names and bytes do not
 * depend on the checkout's directory. `npm run docs:check-deterministic` builds twice in two directories and compares.
 */
export function portableBuild(config: WebpackConfig, stage: string, root: string): WebpackConfig {
  if (stage !== 'build-javascript') return config;
  config.optimization = { ...config.optimization, moduleIds: false };
  config.plugins = [...(config.plugins ?? []), new PortableBuildPlugin(root)];
  return config;
}
