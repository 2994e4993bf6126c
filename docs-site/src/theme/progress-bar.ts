/**
 * SPEC §9 progress bar: appears when a navigation takes longer than 200 ms; nprogress with
 * minimum 0.08, speed 200 ms, trickle 0.02 every 800 ms.
 */
import nprogress from 'nprogress';
import './progress-bar.css';

export const PROGRESS_DELAY_MS = 200;

nprogress.configure({ showSpinner: false, minimum: 0.08, speed: 200, trickleSpeed: 800 });
// nprogress 0.2 reads trickleRate but its typings omit it.
(nprogress.settings as typeof nprogress.settings & { trickleRate: number }).trickleRate = 0.02;

let timer: ReturnType<typeof setTimeout> | undefined;

export function navigationStarted(): void {
  clearTimeout(timer);
  timer = setTimeout(() => nprogress.start(), PROGRESS_DELAY_MS);
}

export function navigationFinished(): void {
  clearTimeout(timer);
  timer = undefined;
  if (nprogress.isStarted()) nprogress.done();
}

type GatsbyNavigate = (to: string | number, options?: unknown) => unknown;

/**
 * Gatsby's onPreRouteUpdate runs only once the next page's resources have loaded, too late to
 * time the wait. Every Link click and navigate() goes through `window.___navigate`, so the
 * timer starts there (set up after Gatsby's router, in onInitialClientRender).
 */
export function watchNavigations(): void {
  const target = window as unknown as { ___navigate?: GatsbyNavigate };
  const original = target.___navigate;
  if (original === undefined) return;
  target.___navigate = (to, options) => {
    if (
      typeof to === 'string' &&
      new URL(to, window.location.href).pathname !== window.location.pathname
    ) {
      navigationStarted();
    }
    return original(to, options);
  };
}
