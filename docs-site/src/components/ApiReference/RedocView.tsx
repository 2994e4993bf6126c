/** Loaded on demand by ApiReference: Redoc and its dependencies stay out of every other page. */
import { RedocStandalone } from 'redoc';
import type { ColorMode } from '../../contexts/colorMode';
import { darkTheme, lightTheme } from './redoc-theme';

export const OPENAPI_URL = '/openapi.json';

export default function RedocView({
  spec,
  colorMode,
  onLoaded,
}: {
  spec: object;
  colorMode: ColorMode;
  onLoaded: () => void;
}) {
  return (
    <RedocStandalone
      // Redoc reads its theme once: a colour-mode change renders it anew.
      key={colorMode}
      spec={spec}
      onLoaded={onLoaded}
      options={{
        disableSearch: true,
        scrollYOffset: 60,
        theme: colorMode === 'dark' ? darkTheme : lightTheme,
        expandResponses: '200,201',
        jsonSampleExpandLevel: 3,
        hideLoading: true,
        downloadDefinitionUrl: OPENAPI_URL,
        downloadFileName: 'brand-api-openapi.json',
        nativeScrollbars: true,
      }}
    />
  );
}
