/**
 * The reference rendered at build time, for gatsby-ssr to put into /api/'s HTML. gatsby-node
 * renders it (createPages) and webpack's DefinePlugin inlines it as `__API_REFERENCE_RENDERED__`
 * into the HTML renderer only, never into the browser's bundles. The renderer used to read it
 * back from a file under .cache/, which Gatsby reports as "Unsafe builtin usage fs.readFileSync"
 * (a page whose HTML reads files cannot be rebuilt incrementally), once per read (issue 26).
 */
import type { RenderedReference } from './render';

declare const __API_REFERENCE_RENDERED__: RenderedReference | null;

/** Read once: DefinePlugin writes the whole value at each place the name appears. */
const rendered: RenderedReference | null = __API_REFERENCE_RENDERED__;

export function renderedReference(): RenderedReference {
  if (rendered === null)
    throw new Error('The API reference was not rendered: gatsby-node renders it');
  return rendered;
}
