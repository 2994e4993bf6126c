import type { GatsbyBrowser } from 'gatsby';
import type { ReactElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { redocScrollsToHash } from './src/components/ApiReference/hash-scroll';
import './src/styles/global.css';
import { installHistoryKeys, normaliseInitialLocation } from './src/theme/history';
import { navigationFinished, watchNavigations } from './src/theme/progress-bar';
import { wrapPageElement as wrap } from './src/theme/wrap-page-element';

export const wrapPageElement: GatsbyBrowser['wrapPageElement'] = wrap;

/** Set in onClientEntry: the HTML on screen is another page's (see theme/history.ts). */
let renderInsteadOfHydrate = false;

export const onClientEntry: GatsbyBrowser['onClientEntry'] = () => {
  installHistoryKeys();
  renderInsteadOfHydrate = normaliseInitialLocation();
};

/** Gatsby types the renderer after React 17's ReactDOM.render, which returned an element. */
type Renderer = ReturnType<NonNullable<GatsbyBrowser['replaceHydrateFunction']>>;

function renderOrHydrate(element: ReactElement, container: Element): void {
  if (renderInsteadOfHydrate) createRoot(container).render(element);
  else hydrateRoot(container, element);
}

export const replaceHydrateFunction: GatsbyBrowser['replaceHydrateFunction'] = () =>
  renderOrHydrate as unknown as Renderer;

export const onInitialClientRender: GatsbyBrowser['onInitialClientRender'] = () => {
  watchNavigations();
};

export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = () => {
  navigationFinished();
};

/** Gatsby scrolls to a hash unless the live API reference does it (see hash-scroll.ts). */
export const shouldUpdateScroll: GatsbyBrowser['shouldUpdateScroll'] = ({ routerProps }) =>
  !redocScrollsToHash(routerProps.location);
