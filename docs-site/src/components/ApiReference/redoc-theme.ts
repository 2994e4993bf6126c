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

/**
 * A response kind's colours: its text colour, a faint tint of that colour behind it, and the text
 * colour of its tab on the (always dark) right panel.
 */
function response(color: string, tint: number, tabTextColor: string) {
  const [red, green, blue] = [1, 3, 5].map((start) => parseInt(color.slice(start, start + 2), 16));
  return { color, backgroundColor: `rgba(${red},${green},${blue},${tint})`, tabTextColor };
}

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
      success: response('#1f6f2b', 0.08, '#7ee08a'),
      error: response('#b3261e', 0.07, '#ff9b94'),
      redirect: response('#8a4b00', 0.08, '#ffc46b'),
      info: response('#1b4fa0', 0.08, '#9cc3ff'),
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
  // The menu button of narrow screens: Redoc's default draws it in blue.
  fab: { backgroundColor: '#f7f6fb', color: '#6d28d9' },
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
      success: response('#7ee08a', 0.1, '#7ee08a'),
      error: response('#ff9b94', 0.1, '#ff9b94'),
      redirect: response('#ffc46b', 0.1, '#ffc46b'),
      info: response('#9cc3ff', 0.1, '#9cc3ff'),
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
  fab: { backgroundColor: '#2b2640', color: '#c4b5fd' },
};
