import type { WrapPageElementBrowserArgs } from 'gatsby';
import { Layout } from './Layout';

interface ShellPageContext {
  sidebarId?: string | null;
}

/** Same shell on the server and in the browser, so hydration matches. */
export function wrapPageElement({
  element,
  props,
}: Pick<WrapPageElementBrowserArgs, 'element' | 'props'>) {
  const { location, pageContext } = props as typeof props & { pageContext: ShellPageContext };
  const page = {
    pathname: location.pathname,
    hash: location.hash,
    search: location.search,
    sidebarId: pageContext.sidebarId ?? null,
  };
  return <Layout page={page}>{element}</Layout>;
}
