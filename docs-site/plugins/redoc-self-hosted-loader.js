// @ts-check
/**
 * Webpack loader for Redoc's browser bundle: Redoc 2.5 shows an <img> loaded from its CDN next
 * to "API docs by Redocly". The docs site must not request any other host, so the image is
 * pointed at our own copy. Fails the build if Redoc changes and the URL is no longer found,
 * rather than silently letting the request through.
 */
const CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const SELF_HOSTED_LOGO = '/img/redoc-mini.svg';

/** @param {string} source */
module.exports = function redocSelfHostedLoader(source) {
  if (!source.includes(CDN_LOGO)) {
    throw new Error(
      `redoc-self-hosted-loader: ${CDN_LOGO} not found in Redoc's bundle; review the loader`,
    );
  }
  return source.split(CDN_LOGO).join(SELF_HOSTED_LOGO);
};
