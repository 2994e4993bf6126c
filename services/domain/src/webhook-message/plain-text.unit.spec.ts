import { plainTextContent, truncate } from './plain-text';

describe('plainTextContent', () => {
  it('turns comment HTML into text: link text kept, images and markup dropped', () => {
    expect(
      plainTextContent(
        '<p>See <a href="https://x.example/r">my route</a> <img src="a.png"> <b>now</b></p>',
      ),
    ).toBe('See my route now');
  });

  it('keeps short text whole and cuts long text to 500 characters ending in an ellipsis', () => {
    expect(plainTextContent('<p>short</p>')).toBe('short');
    const cut = plainTextContent(`<p>${'a'.repeat(600)}</p>`);
    expect(cut).toHaveLength(500);
    expect(cut).toBe(`${'a'.repeat(499)}…`);
  });

  it('never splits a surrogate pair at the cut', () => {
    const text = `${'a'.repeat(8)}😀😀`; // the emoji are two UTF-16 units each
    expect(truncate(text, 10)).toBe(`${'a'.repeat(8)}…`);
    expect(truncate(text, 11)).toBe(`${'a'.repeat(8)}😀…`);
    expect(truncate(text, 12)).toBe(text);
  });
});
