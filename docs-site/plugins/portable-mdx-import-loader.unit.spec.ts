import portableMdxImport from './portable-mdx-import-loader.js';

const template = '/work/main/docs-site/src/templates/doc-page.tsx';
const guide = '/work/main/docs-site/content/docs/developer/webhooks.mdx';

function load(source: string, query = `?__contentFilePath=${guide}`): string {
  return portableMdxImport.call({ resourcePath: template, resourceQuery: query }, source);
}

describe('portable-mdx-import-loader', () => {
  it("makes the layout loader's import of the guide relative to the template", () => {
    const source = `import GATSBY_COMPILED_MDX from "${guide}";\nexport default 1;\n`;
    expect(load(source)).toBe(
      'import GATSBY_COMPILED_MDX from "../../content/docs/developer/webhooks.mdx";\nexport default 1;\n',
    );
  });

  it('leaves other modules alone', () => {
    expect(load(`import x from "${guide}";`, '')).toBe(`import x from "${guide}";`);
  });

  it('fails the build when the import is not found once', () => {
    expect(() => load('export default 1;')).toThrow(/expected one import/);
  });
});
