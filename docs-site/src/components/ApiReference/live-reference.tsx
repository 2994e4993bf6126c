/**
 * Loaded on the reader's first interaction with the API reference (see ApiReference): Redoc
 * and its dependencies stay out of the page's first load. Renders Redoc into the container,
 * replacing the build-time HTML with the same markup, now interactive.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { AppStore, Redoc } from 'redoc';
import type { ColorMode } from '../../contexts/colorMode';
import { focusableMarkdownTables } from './focusable-tables';
import { redocOptions } from './redoc-options';

export interface LiveReference {
  setColorMode(colorMode: ColorMode): void;
  unmount(): void;
}

export function mountLiveReference(
  container: HTMLElement,
  spec: object,
  colorMode: ColorMode,
): LiveReference {
  const root = createRoot(container);
  const show = (mode: ColorMode) => {
    // Redoc reads its theme once, from the store's options: a mode is a new store, and the key
    // remounts Redoc so that store starts following the scroll and the URL.
    const store = new AppStore(spec as never, undefined, redocOptions(mode));
    // Synchronous, so what the reader clicked can be found in the new DOM right after.
    flushSync(() => root.render(<Redoc key={mode} store={store} />));
    focusableMarkdownTables(container);
  };
  show(colorMode);
  return {
    setColorMode: show,
    // After the page's own render: a root cannot unmount while another one is rendering.
    unmount: () => setTimeout(() => root.unmount(), 0),
  };
}
