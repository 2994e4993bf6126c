/**
 * A code block of a guide, as build-time HTML (highlighted, see plugins/rehype-static-code.mjs)
 * rendered as is: React hydrates it as one element instead of hundreds of spans. Only ever given
 * HTML that our own build produced from our own sources. A copy button sits in its corner.
 */
import { useRef } from 'react';
import { CopyButton } from './CopyButton';
import * as styles from './styles.module.css';

export function CodeBlock({ html }: { html: string }) {
  const code = useRef<HTMLDivElement>(null);
  return (
    <div className={styles.codeBlock}>
      <div ref={code} dangerouslySetInnerHTML={{ __html: html }} />
      <CopyButton
        text={() => code.current?.querySelector('code')?.textContent?.replace(/\n$/, '') ?? ''}
      />
    </div>
  );
}
