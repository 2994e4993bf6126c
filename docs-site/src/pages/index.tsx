import type { HeadProps } from 'gatsby';
import { HomePage } from '../theme/HomePage';
import { Seo } from '../theme/Layout/Seo';

export default HomePage;

export function Head({ location }: HeadProps) {
  return <Seo pathname={location.pathname} />;
}
