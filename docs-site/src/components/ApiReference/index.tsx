/**
 * The API reference (SPEC §2 /api/). The page arrives with the whole reference rendered at build
 * time (src/build/api-reference), readable at once and without JavaScript. Redoc itself (over
 * 300 KB of JavaScript and seconds of work on a phone) loads only when the reader interacts
 * with the page: it then replaces that HTML with the same markup, made interactive, and the
 * click that woke it is replayed on the element the reader clicked. Reached by a link inside
 * the site, the page has no build-time HTML and Redoc loads at once. A failure shows 'Page
 * Error' with 'Try again' above whatever is shown.
 */
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useColorMode } from '../../contexts/colorMode';
import { announceJumpToAnchor } from '../../hooks/useHideableNavbar';
import { useNavbarBottomEdge } from '../../hooks/useNavbarBottomEdge';
import { PageLoadError } from '../../theme/PageLoadError';
import { elementAt, pathTo, type DomPath } from './dom-path';
import type { LiveReference } from './live-reference';
import { OPENAPI_URL } from './redoc-options';
import { ApiReferenceServerHtml } from './server-html';
import * as styles from './styles.module.css';

type Phase =
  | { status: 'static' }
  | { status: 'loading' }
  | { status: 'live' }
  | { status: 'failed'; error: Error };

/** Interactions that wake Redoc; scrolling too, for the sidebar to follow the page. */
const WAKE_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

async function fetchSpec(): Promise<object> {
  const response = await fetch(OPENAPI_URL);
  if (!response.ok)
    throw new Error(`The API description could not be loaded (HTTP ${response.status}).`);
  return (await response.json()) as object;
}

/** What the reader did while Redoc was loading, to do again once it is live. */
interface Pending {
  click?: DomPath;
}

export function ApiReference() {
  const serverHtml = useContext(ApiReferenceServerHtml);
  const { colorMode } = useColorMode();
  const container = useRef<HTMLDivElement>(null);
  const live = useRef<LiveReference | null>(null);
  const pending = useRef<Pending>({});
  const colorModeRef = useRef(colorMode);
  colorModeRef.current = colorMode;
  const [phase, setPhase] = useState<Phase>({ status: 'static' });
  /** Reached by a link inside the site: no build-time HTML to show meanwhile. */
  const [empty, setEmpty] = useState(false);
  const started = useRef(false);
  // Redoc's menu on a narrow screen is fixed under the navbar (styles.module.css).
  useNavbarBottomEdge(container);

  const goLive = useCallback(async () => {
    const element = container.current;
    if (element === null || started.current) return;
    started.current = true;
    setPhase({ status: 'loading' });
    try {
      const [{ mountLiveReference }, spec] = await Promise.all([
        import('./live-reference'),
        fetchSpec(),
      ]);
      const focused = document.activeElement;
      const focusPath = focused !== null ? pathTo(element, focused) : undefined;
      // Redoc's own sections are laid out in full at once (see styles.module.css): positions
      // it scrolls to right below must not move afterwards.
      element.setAttribute('data-live', '');
      live.current = mountLiveReference(element, spec, colorModeRef.current);
      if (focusPath !== undefined)
        (elementAt(element, focusPath) as HTMLElement | undefined)?.focus();
      const click = pending.current.click;
      pending.current = {};
      if (click !== undefined) (elementAt(element, click) as HTMLElement | undefined)?.click();
      setPhase({ status: 'live' });
    } catch (error) {
      started.current = false;
      setPhase({
        status: 'failed',
        error: error instanceof Error ? error : new Error(String(error)),
      });
    }
  }, []);

  useEffect(() => {
    const element = container.current;
    if (element === null) return;
    // No build-time HTML (reached by a link inside the site), or a link to a section: Redoc
    // now, it shows the page and puts the section under the navbar.
    if (element.childElementCount === 0 || window.location.hash !== '') {
      setEmpty(element.childElementCount === 0);
      void goLive();
      return;
    }
    const wake = () => void goLive();
    const remember = (event: MouseEvent) => {
      // A link works on its own; anything else is clicked again once Redoc is live.
      const target = event.target instanceof Element ? event.target : null;
      if (live.current !== null || target === null || target.closest('a[href]') !== null) return;
      pending.current.click = pathTo(element, target);
    };
    for (const type of WAKE_EVENTS) element.addEventListener(type, wake, { passive: true });
    element.addEventListener('click', remember);
    window.addEventListener('scroll', wake, { passive: true });
    return () => {
      for (const type of WAKE_EVENTS) element.removeEventListener(type, wake);
      element.removeEventListener('click', remember);
      window.removeEventListener('scroll', wake);
    };
  }, [goLive]);

  useEffect(() => {
    // The build-time sections start unrendered off screen (styles.module.css): lay them out
    // one at a time while the main thread is idle, so that none of them costs a long task
    // and the page is whole (for find in page, say) soon after it loads.
    const element = container.current;
    if (element === null || typeof window.requestIdleCallback !== 'function') return;
    const sections = [...element.querySelectorAll<HTMLElement>('[data-section-id]')];
    let handle: number | undefined;
    const layOut = (deadline: IdleDeadline) => {
      while (sections.length > 0 && deadline.timeRemaining() > 8) {
        const section = sections.shift()!;
        section.setAttribute('data-laid-out', '');
        // Lay it out now, inside this idle period, rather than in the next frame with others.
        void section.offsetHeight;
      }
      handle = sections.length > 0 ? window.requestIdleCallback(layOut) : undefined;
    };
    handle = window.requestIdleCallback(layOut);
    return () => {
      if (handle !== undefined) window.cancelIdleCallback(handle);
    };
  }, []);

  useEffect(() => {
    const element = container.current;
    if (element === null) return;
    // A sidebar item scrolls its section SCROLL_Y_OFFSET below the top: under the navbar,
    // which must therefore show (and not hide because the page scrolled down).
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest('li[data-item-id]') !== null)
        announceJumpToAnchor();
    };
    element.addEventListener('click', onClick, { capture: true });
    return () => element.removeEventListener('click', onClick, { capture: true });
  }, []);

  useEffect(() => {
    live.current?.setColorMode(colorMode);
  }, [colorMode]);

  useEffect(() => () => live.current?.unmount(), []);

  const retry = useCallback(() => void goLive(), [goLive]);

  return (
    <div
      className={styles.apiReference}
      data-api-reference
      data-ready={phase.status === 'live' ? 'true' : 'false'}
      aria-busy={phase.status === 'loading'}
    >
      {phase.status === 'failed' && <PageLoadError error={phase.error} retry={retry} />}
      {phase.status === 'loading' && empty && (
        <p className={styles.loading} role="status">
          Loading the API reference…
        </p>
      )}
      {/* React never touches this container's content after the first render: it holds the
          build-time HTML, then Redoc's own root. */}
      <div
        ref={container}
        dangerouslySetInnerHTML={{ __html: serverHtml }}
        suppressHydrationWarning
      />
    </div>
  );
}
