import type { GatsbySSR } from 'gatsby';
import { siteConfig } from './src/config/site-config';
import { headScript } from './src/theme/head-script';
import { wrapPageElement as wrap } from './src/theme/wrap-page-element';

export const wrapPageElement: GatsbySSR['wrapPageElement'] = wrap;

export const onRenderBody: GatsbySSR['onRenderBody'] = ({
  setHtmlAttributes,
  setHeadComponents,
}) => {
  const locale = siteConfig.i18n.localeConfigs[siteConfig.i18n.currentLocale];
  setHtmlAttributes({ lang: locale?.htmlLang ?? 'en', dir: locale?.direction ?? 'ltr' });
  // Runs before first paint: colour mode and a dismissed announcement without a flash.
  setHeadComponents([
    <script key="theme" dangerouslySetInnerHTML={{ __html: headScript(siteConfig) }} />,
  ]);
};
