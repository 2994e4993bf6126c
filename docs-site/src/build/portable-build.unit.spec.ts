import { assignPortableIds, moduleName, outputHash, portableName } from './portable-build';

function assign(names: string[], used: string[] = []): Map<string, number> {
  const ids = new Map<string, number>();
  assignPortableIds(
    names.map((name) => ({ name, assign: (id: number) => ids.set(name, id) })),
    new Set(used),
  );
  return ids;
}

describe('portable module ids', () => {
  it('names a module without the checkout path, in a query too', () => {
    const at = (root: string) =>
      portableName(
        `${root}/node_modules/loader.js!${root}/docs-site/src/templates/doc-page.tsx?__contentFilePath=${root}/docs-site/content/docs/intro.mdx`,
        root,
      );
    expect(at('/work/main')).toBe(at('/tmp/ci-7/checkout'));
    expect(at('/work/main')).not.toContain('/work/main');
  });

  it('names a concatenated module by its parts, not by its identifier', () => {
    const part = (id: string) => ({ identifier: () => id });
    const concatenated = (root: string) => ({
      identifier: () => `${root}/a.js|${root.length.toString(16)}`,
      rootModule: part(`${root}/a.js`),
      modules: [part(`${root}/a.js`), part(`${root}/b.js?q=${root}/c.mdx`)],
    });
    expect(moduleName(concatenated('/work/main'), '/work/main')).toBe(
      moduleName(concatenated('/tmp/x/checkout'), '/tmp/x/checkout'),
    );
  });

  it('gives every module the same id whatever order the compilation lists them in', () => {
    const names = Array.from({ length: 500 }, (_, index) => `<root>/src/module-${index}.js`);
    const forward = assign(names);
    const backward = assign([...names].reverse());
    expect([...forward.entries()].sort()).toEqual([...backward.entries()].sort());
    expect(new Set(forward.values()).size).toBe(names.length);
  });

  it('never reuses an id, one already taken included', () => {
    // 2,000 modules in a space of 100,000 ids: collisions happen and are resolved.
    const names = Array.from({ length: 2000 }, (_, index) => `m${index}`);
    const taken = ['0', '1', '2'];
    const ids = assign(names, taken);
    const values = [...ids.values()].map(String);
    expect(new Set(values).size).toBe(names.length);
    expect(values.filter((id) => taken.includes(id))).toEqual([]);
  });
});

describe('outputHash', () => {
  const files = [
    { name: 'app-1.js', bytes: Buffer.from('app') },
    { name: 'webpack-runtime-2.js', bytes: Buffer.from('runtime') },
  ];

  it('depends on the files, not on the order they are listed in', () => {
    expect(outputHash(files)).toBe(outputHash([...files].reverse()));
    expect(outputHash(files)).toMatch(/^[0-9a-f]{20}$/);
  });

  it('changes with a byte or a name', () => {
    const [app, runtime] = files as [(typeof files)[0], (typeof files)[0]];
    expect(outputHash([app, { ...runtime, bytes: Buffer.from('runtimE') }])).not.toBe(
      outputHash(files),
    );
    expect(outputHash([app, { ...runtime, name: 'webpack-runtime-3.js' }])).not.toBe(
      outputHash(files),
    );
  });
});
