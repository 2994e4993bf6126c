/**
 * Stands in for `gatsby` in jsdom unit tests: Gatsby's Link and navigate need the router and
 * loader that only exist in a Gatsby build. The browser tests exercise the real ones.
 */
import type { AnchorHTMLAttributes } from 'react';

export function Link({ to, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  return <a href={to} {...rest} />;
}

export const navigatedTo: string[] = [];

export function navigate(to: string): Promise<void> {
  navigatedTo.push(to);
  return Promise.resolve();
}

export function graphql(): never {
  throw new Error('graphql is compiled away by Gatsby');
}
