/**
 * The API reference as HTML, rendered at build time with Redoc's server-side rendering: the
 * page shows the whole reference before any JavaScript runs, and Redoc itself loads only when
 * the reader interacts (src/components/ApiReference). Light-theme HTML and styles, plus the CSS
 * that turns it dark (dark-overrides.ts).
 */
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import type { ColorMode } from '../../contexts/colorMode';
import { withFocusableMarkdownTables } from '../../components/ApiReference/focusable-tables';
import { redocOptions } from '../../components/ApiReference/redoc-options';
import { darkOverrides, pairClasses } from './dark-overrides';
import { loadRedocForNode } from './redoc-in-node';

export interface RenderedReference {
  /** Redoc's markup, for the page's reference container. */
  html: string;
  /** styled-components' CSS of the light render (its own format, which it reads back). */
  css: string;
  /** The dark-mode overrides. */
  darkCss: string;
}

/** styled-components' <style> tags, as CSS text. */
function cssOf(sheet: ServerStyleSheet): string {
  return sheet
    .getStyleTags()
    .replace(/<style[^>]*>/g, '')
    .replace(/<\/style>/g, '');
}

function render(spec: object, colorMode: ColorMode, cacheDir: string) {
  const { AppStore, Redoc } = loadRedocForNode(cacheDir);
  // Built from the bundled document directly (no loadAndBundleSpec): the browser does the same
  // with /openapi.json, so both renders see the same models.
  const store = new AppStore(spec as never, undefined, redocOptions(colorMode));
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(sheet.collectStyles(createElement(Redoc, { store })));
    return { html, css: cssOf(sheet) };
  } finally {
    sheet.seal();
    store.dispose();
  }
}

export function renderApiReference(specFile: string, cacheDir: string): RenderedReference {
  const spec = JSON.parse(readFileSync(specFile, 'utf8')) as object;
  const light = render(spec, 'light', cacheDir);
  const dark = render(spec, 'dark', cacheDir);
  return {
    html: withFocusableMarkdownTables(light.html),
    css: light.css,
    darkCss: darkOverrides(dark.css, pairClasses(light.html, dark.html)),
  };
}
