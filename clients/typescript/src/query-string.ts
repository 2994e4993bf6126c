/** A query string from typed parameters: absent ones left out, lists joined by commas. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (query === undefined) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const values: unknown[] = Array.isArray(value) ? value : [value];
    search.set(name, values.map((item) => String(item as string | number | boolean)).join(','));
  }
  const encoded = search.toString();
  return encoded === '' ? '' : `?${encoded}`;
}
