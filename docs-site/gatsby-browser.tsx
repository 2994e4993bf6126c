import type { GatsbyBrowser } from 'gatsby';
import './src/styles/global.css';
import { canonicalPath } from './src/utils/paths';
import { navigationFinished, watchNavigations } from './src/theme/progress-bar';
import { wrapPageElement as wrap } from './src/theme/wrap-page-element';

export const wrapPageElement: GatsbyBrowser['wrapPageElement'] = wrap;

/** SPEC §2: `/x/index.html` and `/x.html` show as `/x/` before the router reads the URL. */
export const onClientEntry: GatsbyBrowser['onClientEntry'] = () => {
  const canonical = canonicalPath(window.location.pathname);
  if (canonical !== undefined) {
    window.history.replaceState(
      window.history.state,
      '',
      canonical + window.location.search + window.location.hash,
    );
  }
};

export const onInitialClientRender: GatsbyBrowser['onInitialClientRender'] = () => {
  watchNavigations();
};

export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = () => {
  navigationFinished();
};
