import { darkOverrides, pairClasses } from './dark-overrides';

const light =
  '<div class="sc-a aaa redoc-wrap"><span class="sc-b bbb">x</span><i class="sc-c ccc"></i></div>';
const dark =
  '<div class="sc-a aaa redoc-wrap"><span class="sc-b BBB">x</span><i class="sc-c CCC"></i></div>';

describe('pairClasses', () => {
  it('pairs the classes that differ between the light and dark renders', () => {
    expect(pairClasses(light, dark)).toEqual(
      new Map([
        ['bbb', 'BBB'],
        ['ccc', 'CCC'],
      ]),
    );
  });

  it('fails when the renders are not the same markup', () => {
    expect(() => pairClasses(light, '<div class="sc-a aaa redoc-wrap"></div>')).toThrow(
      'The light and dark renders differ',
    );
    expect(() =>
      pairClasses('<p class="x"></p><p class="x"></p>', '<p class="y"></p><p class="z"></p>'),
    ).toThrow('Light class x has two dark twins');
  });
});

describe('darkOverrides', () => {
  it('rewrites the dark rules of paired classes for the light classes, in dark mode only', () => {
    const css = [
      '.aaa{padding:0;}/*!sc*/',
      '.BBB{color:#fff;}/*!sc*/',
      '.BBB > a:hover,.aaa .CCC{color:#eee;}/*!sc*/',
      '@media (max-width: 50rem){.CCC{display:none;}.aaa{margin:0;}}/*!sc*/',
      '@keyframes spin{from{opacity:0;}to{opacity:1;}}',
    ].join('\n');
    const overrides = darkOverrides(css, pairClasses(light, dark));
    expect(overrides).toContain("html[data-theme='dark'] .bbb{color:#fff;}");
    expect(overrides).toContain(
      "html[data-theme='dark'] .bbb > a:hover,html[data-theme='dark'] .aaa .ccc{color:#eee;}",
    );
    expect(overrides).toContain(
      "@media (max-width: 50rem){html[data-theme='dark'] .ccc{display:none;}}",
    );
    expect(overrides).not.toMatch(/\.aaa\{|keyframes|BBB|CCC/);
  });
});
