/** @jest-environment jsdom */
import { focusableMarkdownTables, withFocusableMarkdownTables } from './focusable-tables';

const REFERENCE = `<div data-api-reference><div class="redoc-markdown"><p>Scopes</p><table>
<thead><tr><th>Scope</th></tr></thead></table></div>
<table class="sc-params"><tbody><tr><td>limit</td></tr></tbody></table>
<pre class="sc-sample">id: msg_1</pre></div>`;

describe('the reference markdown tables', () => {
  it('are focusable in the build-time HTML; Redoc tables are left as they are', () => {
    const html = withFocusableMarkdownTables(REFERENCE);
    expect(html).toContain('<table tabindex="0">\n<thead>');
    expect(html).toContain('<table class="sc-params">');
    expect(html).toContain('<pre tabindex="0" class="sc-sample">');
  });

  it('are focusable in the live DOM', () => {
    document.body.innerHTML = REFERENCE;
    focusableMarkdownTables(document.body);
    const [markdown, params] = [...document.querySelectorAll('table')];
    expect(markdown?.tabIndex).toBe(0);
    expect(params?.hasAttribute('tabindex')).toBe(false);
    expect(document.querySelector('pre')?.tabIndex).toBe(0);
  });
});
