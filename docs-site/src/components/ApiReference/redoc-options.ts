/**
 * Redoc's options, the same for the HTML rendered at build time and for the live reference in
 * the browser (SPEC §2: no search, scroll offset 60, sidebar 300 px in the theme).
 */
import type { RedocRawOptions } from 'redoc';
import type { ColorMode } from '../../contexts/colorMode';
import { darkTheme, lightTheme } from './redoc-theme';

export const OPENAPI_URL = '/openapi.json';
export const SCROLL_Y_OFFSET = 60;

export function redocOptions(colorMode: ColorMode): RedocRawOptions {
  return {
    disableSearch: true,
    scrollYOffset: SCROLL_Y_OFFSET,
    theme: colorMode === 'dark' ? darkTheme : lightTheme,
    expandResponses: '200,201',
    jsonSampleExpandLevel: 3,
    hideLoading: true,
    downloadDefinitionUrl: OPENAPI_URL,
    downloadFileName: 'brand-api-openapi.json',
    nativeScrollbars: true,
  };
}
