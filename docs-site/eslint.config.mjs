// docs-site's own ESLint run (the root config ignores docs-site/): the root configuration, with
// this package's tsconfig, its generated folders ignored, and the root's test relaxations also
// applied to React specs and the browser-test support code.
import tseslint from 'typescript-eslint';
import rootConfig from '../eslint.config.mjs';

const testRelaxations = rootConfig.find((entry) => entry.files?.includes('**/*.spec.ts'));
if (testRelaxations === undefined) throw new Error('The root ESLint config has no spec-file block');

export default tseslint.config(
  // Plain CommonJS loaded by webpack or Jest as is (like the root's *.config.js).
  { ignores: ['public/**', '.cache/**', 'static/**', 'plugins/*.js', 'test/support/*.js'] },
  ...rootConfig,
  {
    languageOptions: {
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
  },
  { ...testRelaxations, files: ['**/*.spec.tsx', 'test/**/*.ts', 'test/**/*.tsx'] },
);
