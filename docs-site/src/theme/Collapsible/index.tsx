/**
 * Animated collapse/expand (after Docusaurus' Collapsible): the duration grows with the content's
 * height, easing ease-in-out, and is 1 ms for users who prefer reduced motion (SPEC §9).
 */
import {
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type ElementType,
  type ReactNode,
} from 'react';

const collapsedStyle: CSSProperties = { display: 'none', overflow: 'hidden', height: '0px' };
const expandedStyle: CSSProperties = { display: 'block', overflow: 'visible', height: 'auto' };

export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Docusaurus' formula: taller content animates longer, but sub-linearly. */
export function autoHeightDuration(height: number): number {
  if (prefersReducedMotion()) return 1;
  const constant = height / 36;
  return Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10);
}

export function Collapsible({
  as: As = 'div',
  collapsed,
  className,
  children,
}: {
  as?: ElementType;
  collapsed: boolean;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  // Set once: later changes are animated imperatively, so React must not reset the style.
  const [initialStyle] = useState(collapsed ? collapsedStyle : expandedStyle);
  const first = useRef(true);

  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    if (first.current) {
      first.current = false;
      return;
    }
    let frame = 0;
    const finish = () => {
      Object.assign(element.style, collapsed ? collapsedStyle : expandedStyle, { transition: '' });
    };
    const start = () => {
      const height = element.scrollHeight;
      element.style.transition = `height ${autoHeightDuration(height)}ms ease-in-out`;
      element.style.height = collapsed ? '0px' : `${height}px`;
    };
    element.style.display = 'block';
    element.style.overflow = 'hidden';
    element.style.height = collapsed ? `${element.scrollHeight}px` : '0px';
    frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(start);
    });
    element.addEventListener('transitionend', finish, { once: true });
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('transitionend', finish);
    };
  }, [collapsed]);

  return (
    <As ref={ref} className={className} style={initialStyle}>
      {children}
    </As>
  );
}
