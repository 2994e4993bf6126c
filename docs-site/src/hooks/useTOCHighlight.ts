/**
 * Scroll-spy of a table of contents, after Docusaurus' useTOCHighlight: the link of the section
 * being read is marked `aria-current="location"`. That section's heading is the first one below
 * the navbar when it sits in the top half of the window, else the one before it; past the last
 * heading, the last one. The links are React's, the attribute is not: React never resets it.
 */
import { useEffect, type RefObject } from 'react';

/** The heading a TOC link points to (`#id`, percent-encoded by MDX for non-ASCII ids). */
function headingOf(link: HTMLAnchorElement): HTMLElement | null {
  const hash = link.getAttribute('href') ?? '';
  return hash.startsWith('#') ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
}

function activeHeading(headings: readonly HTMLElement[], topOffset: number): HTMLElement | null {
  const next = headings.find((heading) => heading.getBoundingClientRect().top >= topOffset);
  if (next === undefined) return headings[headings.length - 1] ?? null;
  const { top, bottom } = next.getBoundingClientRect();
  if (top > 0 && bottom < window.innerHeight / 2) return next;
  return headings[headings.indexOf(next) - 1] ?? null;
}

/** `items` are the TOC's entries: the links are looked up again when they change. */
export function useTOCHighlight(toc: RefObject<HTMLElement | null>, items: unknown): void {
  useEffect(() => {
    const container = toc.current;
    if (container === null) return;
    const links = [...container.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')];
    let frame: number | undefined;
    const update = () => {
      frame = undefined;
      // Looked up each time: the article may render after the TOC (both suspend on their own).
      const targets = links.map((link) => ({ link, heading: headingOf(link) }));
      const headings = targets.flatMap(({ heading }) => (heading === null ? [] : [heading]));
      // The navbar's bottom edge: what is above it is hidden (or scrolled past).
      const navbar = document.querySelector('nav[aria-label="Main"]');
      const topOffset = Math.max(0, navbar?.getBoundingClientRect().bottom ?? 0);
      const active = activeHeading(headings, topOffset);
      for (const { link, heading } of targets) {
        if (heading !== null && heading === active) link.setAttribute('aria-current', 'location');
        else link.removeAttribute('aria-current');
      }
    };
    const schedule = () => {
      frame ??= window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    return () => {
      if (frame !== undefined) window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [toc, items]);
}
