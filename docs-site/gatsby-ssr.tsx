import type { GatsbySSR } from 'gatsby';
import { renderedReference } from './src/build/api-reference/rendered-reference';
import {
  API_REFERENCE_PATH,
  ApiReferenceServerHtml,
} from './src/components/ApiReference/server-html';
import { siteConfig } from './src/config/site-config';
import { headScript } from './src/theme/head-script';
import { wrapPageElement as wrap } from './src/theme/wrap-page-element';

export const wrapPageElement: GatsbySSR['wrapPageElement'] = (args) => {
  const page = wrap(args);
  if (args.props.location.pathname !== API_REFERENCE_PATH) return page;
  // The reference rendered at build time goes into the page's HTML (not into its JavaScript).
  return (
    <ApiReferenceServerHtml.Provider value={renderedReference().html}>
      {page}
    </ApiReferenceServerHtml.Provider>
  );
};

export const onRenderBody: GatsbySSR['onRenderBody'] = ({
  pathname,
  setHtmlAttributes,
  setHeadComponents,
}) => {
  const locale = siteConfig.i18n.localeConfigs[siteConfig.i18n.currentLocale];
  setHtmlAttributes({ lang: locale?.htmlLang ?? 'en', dir: locale?.direction ?? 'ltr' });
  // Runs before first paint: colour mode and a dismissed announcement without a flash.
  const head = [
    <script key="theme" dangerouslySetInnerHTML={{ __html: headScript(siteConfig) }} />,
  ];
  if (pathname === API_REFERENCE_PATH) {
    const { css, darkCss } = renderedReference();
    head.push(
      // styled-components reads a data-styled tag back when Redoc goes live in the browser.
      <style key="api-reference" data-styled="true" dangerouslySetInnerHTML={{ __html: css }} />,
      <style key="api-reference-dark" dangerouslySetInnerHTML={{ __html: darkCss }} />,
    );
  }
  setHeadComponents(head);
};
