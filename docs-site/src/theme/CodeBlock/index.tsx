/**
 * A code block of a guide, as build-time HTML (highlighted, see plugins/rehype-static-code.mjs)
 * rendered as is: React hydrates it as one element instead of hundreds of spans. Only ever given
 * HTML that our own build produced from our own sources.
 */
import * as styles from './styles.module.css';

export function CodeBlock({ html }: { html: string }) {
  return <div className={styles.codeBlock} dangerouslySetInnerHTML={{ __html: html }} />;
}
