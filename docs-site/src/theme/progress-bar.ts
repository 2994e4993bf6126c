/**
 * SPEC §9 progress bar: appears when a navigation takes longer than 200 ms; nprogress with
 * minimum 0.08, speed 200 ms, trickle 0.02 every 800 ms.
 */
import nprogress from 'nprogress';

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
