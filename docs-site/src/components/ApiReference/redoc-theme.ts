/**
 * Redoc themes matching the site: purple primary, system fonts (no web font is fetched),
 * sidebar 300 px, and a dark variant with contrast that passes WCAG AA (checked by axe in CI).
 */
import type { RedocRawOptions } from 'redoc';

type Theme = NonNullable<RedocRawOptions['theme']>;

const fontFamily =
  'system-ui, -apple-system, "Segoe UI", Roboto, Ubuntu, Cantarell, "Noto Sans", sans-serif';
const monoFamily =
  'ui-monospace, SFMono-Regular, Menlo, Monaco, Consolas, "Liberation Mono", monospace';

const httpColors = {
  get: '#1f6f2b',
  post: '#1b4fa0',
  put: '#8a4b00',
  patch: '#8a4b00',
  delete: '#b3261e',
  options: '#4b4f56',
  basic: '#4b4f56',
  link: '#1b6e7a',
  head: '#7a2f8f',
};

const shared: Theme = {
  typography: {
    fontFamily,
    fontSize: '15px',
    headings: { fontFamily, fontWeight: '600' },
    code: { fontFamily: monoFamily, fontSize: '13px' },
  },
  sidebar: { width: '300px' },
  rightPanel: { backgroundColor: '#1e1b2e', textColor: '#f4f2fb' },
  codeBlock: { backgroundColor: '#15131f' },
};

export const lightTheme: Theme = {
  ...shared,
  colors: {
    primary: { main: '#6d28d9' },
    text: { primary: '#1c1e21', secondary: '#4b4f56' },
    border: { dark: '#8a8d93', light: '#dadde1' },
    http: httpColors,
    responses: {
      success: {
        color: '#1f6f2b',
        backgroundColor: 'rgba(31,111,43,0.08)',
        tabTextColor: '#7ee08a',
      },
      error: { color: '#b3261e', backgroundColor: 'rgba(179,38,30,0.07)', tabTextColor: '#ff9b94' },
      redirect: {
        color: '#8a4b00',
        backgroundColor: 'rgba(138,75,0,0.08)',
        tabTextColor: '#ffc46b',
      },
      info: { color: '#1b4fa0', backgroundColor: 'rgba(27,79,160,0.08)', tabTextColor: '#9cc3ff' },
    },
  },
  schema: {
    typeNameColor: '#4b4f56',
    typeTitleColor: '#4b4f56',
    requireLabelColor: '#b3261e',
    linesColor: '#b9a7f2',
    nestedBackground: '#f6f4fd',
  },
  typography: {
    ...shared.typography,
    links: { color: '#6d28d9', visited: '#6d28d9', hover: '#5b21b6' },
    code: { ...shared.typography?.code, color: '#b3261e', backgroundColor: 'rgba(38,38,38,0.05)' },
  },
  sidebar: {
    ...shared.sidebar,
    backgroundColor: '#f7f6fb',
    textColor: '#1c1e21',
    activeTextColor: '#5b21b6',
    groupItems: { activeBackgroundColor: '#ece7fb', activeTextColor: '#5b21b6' },
    level1Items: { activeBackgroundColor: '#ece7fb', activeTextColor: '#5b21b6' },
    arrow: { color: '#4b4f56' },
  },
};

export const darkTheme: Theme = {
  ...shared,
  colors: {
    primary: { main: '#c4b5fd', contrastText: '#1b1530' },
    text: { primary: '#e8e6f0', secondary: '#c2bfcf' },
    border: { dark: '#8b8799', light: '#3a3650' },
    // Verb badges are white text on these colours: the deep shades work on both themes.
    http: httpColors,
    responses: {
      success: {
        color: '#7ee08a',
        backgroundColor: 'rgba(126,224,138,0.1)',
        tabTextColor: '#7ee08a',
      },
      error: {
        color: '#ff9b94',
        backgroundColor: 'rgba(255,155,148,0.1)',
        tabTextColor: '#ff9b94',
      },
      redirect: {
        color: '#ffc46b',
        backgroundColor: 'rgba(255,196,107,0.1)',
        tabTextColor: '#ffc46b',
      },
      info: { color: '#9cc3ff', backgroundColor: 'rgba(156,195,255,0.1)', tabTextColor: '#9cc3ff' },
    },
  },
  schema: {
    typeNameColor: '#c2bfcf',
    typeTitleColor: '#c2bfcf',
    requireLabelColor: '#ff9b94',
    linesColor: '#6b5fa8',
    nestedBackground: '#221f33',
  },
  typography: {
    ...shared.typography,
    links: { color: '#c4b5fd', visited: '#c4b5fd', hover: '#ddd6fe' },
    code: {
      ...shared.typography?.code,
      color: '#ffb4ab',
      backgroundColor: 'rgba(255,255,255,0.06)',
    },
  },
  sidebar: {
    ...shared.sidebar,
    backgroundColor: '#17151f',
    textColor: '#e8e6f0',
    activeTextColor: '#ddd6fe',
    groupItems: { activeBackgroundColor: '#2b2640', activeTextColor: '#ddd6fe' },
    level1Items: { activeBackgroundColor: '#2b2640', activeTextColor: '#ddd6fe' },
    arrow: { color: '#c2bfcf' },
  },
  fab: { backgroundColor: '#2b2640', color: '#e8e6f0' },
};
