/** Copies a code block's text; says "Copied" on the button and to screen readers. */
import { useEffect, useState } from 'react';
import * as styles from './styles.module.css';

/** The Clipboard API, or a selected textarea where it is missing (plain http, old browsers). */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard !== undefined) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

export function CopyButton({ text }: { text: () => string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <>
      <button
        type="button"
        className={styles.copyButton}
        aria-label={copied ? 'Copied' : 'Copy code to clipboard'}
        onClick={() => {
          copyText(text()).then(
            () => setCopied(true),
            (error: unknown) => console.warn(`Could not copy the code: ${String(error)}`),
          );
        }}
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
      <span role="status" className="sr-only">
        {copied ? 'Copied' : ''}
      </span>
    </>
  );
}
