/**
 * Who scrolls to a section of /api/ when the URL's hash changes (the address bar, `location.hash`,
 * Back). Once Redoc is live it does, on `hashchange`, SCROLL_Y_OFFSET (60 px, the navbar) below
 * the top. Gatsby's scroll handler scrolls the element of that id into view as well, a moment
 * later (after its router has seen the new location), and the page's scroll padding is 0 there
 * (Redoc adds its own offset): the section ended at 0 px, under the navbar (issue 26). Read by
 * gatsby-browser's shouldUpdateScroll; kept apart from the component so the app bundle stays small.
 */
import { API_REFERENCE_PATH } from './server-html';

export function redocScrollsToHash(location: { pathname: string; hash: string }): boolean {
  return (
    location.pathname === API_REFERENCE_PATH &&
    location.hash !== '' &&
    document.querySelector('[data-api-reference][data-ready="true"]') !== null
  );
}
