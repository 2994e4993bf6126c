/**
 * Build-time HTML (highlighted code blocks, see plugins/rehype-static-code.mjs) rendered as is:
 * React hydrates it as one element instead of hundreds of spans. Only ever given HTML that our
 * own build produced from our own MDX files.
 */
export function StaticHtml({ html }: { html: string }) {
  return <div className="code-block" dangerouslySetInnerHTML={{ __html: html }} />;
}
