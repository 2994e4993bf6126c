/**
 * What the HTML renderer gets instead of live-reference.tsx (gatsby-node replaces the module in
 * the build-html stage): the server never makes the reference live, since the page's build-time
 * HTML comes from src/build/api-reference, so Redoc and its dependencies stay out of the
 * renderer's bundle, which builds in seconds less.
 */
import type { mountLiveReference as browserMount } from './live-reference';

export const mountLiveReference: typeof browserMount = () => {
  throw new Error('The API reference goes live in the browser only');
};
