/** The part of Gatsby's router (@gatsbyjs/reach-router, shipped without types) the site uses. */
declare module '@gatsbyjs/reach-router' {
  export const globalHistory: {
    navigate(to: string, options?: { state?: unknown; replace?: boolean }): Promise<void>;
  };
}
