/**
 * Keeps `--navbar-bottom` on an element: where the navbar's bottom edge is in the window, for
 * what is fixed right under it. That is not always the navbar's height: at the top of a page the
 * announcement bar sits above the navbar (three lines on a phone), and a navbar hidden on scroll
 * is above the window. Measured again on scroll, resize, the end of the navbar's slide, and any
 * click (one that opens what sits under it, or closes the announcement bar).
 */
import { useEffect, type RefObject } from 'react';

export function useNavbarBottomEdge(target: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = target.current;
    const navbar = document.querySelector('nav[aria-label="Main"]');
    if (element === null || navbar === null) return;
    let frame: number | undefined;
    const measure = () => {
      frame = undefined;
      const bottom = Math.max(0, Math.round(navbar.getBoundingClientRect().bottom));
      element.style.setProperty('--navbar-bottom', `${bottom}px`);
    };
    const schedule = () => {
      frame ??= window.requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    navbar.addEventListener('transitionend', schedule);
    document.addEventListener('click', schedule, { capture: true });
    return () => {
      if (frame !== undefined) window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      navbar.removeEventListener('transitionend', schedule);
      document.removeEventListener('click', schedule, { capture: true });
    };
  }, [target]);
}
