/** @jest-environment jsdom */
import { elementAt, pathTo } from './dom-path';

function tree(label: string) {
  const root = document.createElement('div');
  root.innerHTML = `<ul><li>a</li><li><label>${label}</label></li></ul><p>x</p>`;
  return root;
}

describe('DOM paths', () => {
  it('find the same element in another copy of the same markup', () => {
    const before = tree('Members');
    const label = before.querySelector('label')!;
    const path = pathTo(before, label)!;
    expect(path).toEqual([0, 1, 0]);
    const after = tree('Members');
    expect(elementAt(after, path)).toBe(after.querySelector('label'));
  });

  it('are undefined outside the container or past its end', () => {
    const container = tree('x');
    expect(pathTo(container, document.createElement('span'))).toBeUndefined();
    expect(elementAt(container, [5])).toBeUndefined();
  });
});
