import { searchDocuments } from './search-documents';

/** A guide page as the build writes it: a highlighted code block (see rehype-static-code). */
const PAGE = `<html><body><main><article>
<h1>Introduction</h1>
<p>Call the API with your key.</p>
<h2 id="api-key">API key<a class="hash-link" href="#api-key">#</a></h2>
<div><div><pre tabindex="0" class="language-ts"><code class="language-ts"><span class="token keyword">const</span> key <span class="token operator">=</span> <span class="token string">'secret'</span><span class="token punctuation">;</span>
</code></pre></div><button type="button">Copy</button></div>
<table><thead><tr><th>Status</th><th>Code</th></tr></thead>
<tbody><tr><td>401</td><td>UNAUTHORIZED</td></tr></tbody></table>
</article></main></body></html>`;

describe('searchDocuments', () => {
  it('indexes the text of a highlighted code block, not its markup', () => {
    const sections = searchDocuments(PAGE, '/docs/intro/', 'Introduction');
    expect(sections).toEqual([
      {
        id: '/docs/intro/',
        page: 'Introduction',
        heading: '',
        text: 'Call the API with your key.',
      },
      {
        id: '/docs/intro/#api-key',
        page: 'Introduction',
        heading: 'API key',
        // A table's cells stay words apart ("401 UNAUTHORIZED", not "401UNAUTHORIZED").
        text: "const key = 'secret'; Status Code 401 UNAUTHORIZED",
      },
    ]);
  });
});
