import type { AdminApiKey, AdminBrand, AdminIssuedApiKey } from '@brand-api/contracts';

/** Aligned columns for terminal output; `--json` bypasses all of this. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n');
}

export function formatBrand(brand: AdminBrand): string {
  return [
    `id:                ${brand.id}`,
    `name:              ${brand.name}`,
    `customAuthEnabled: ${String(brand.customAuthEnabled)}`,
  ].join('\n');
}

export function formatBrands(brands: readonly AdminBrand[]): string {
  if (brands.length === 0) return 'No brands.';
  return table(
    ['ID', 'NAME', 'CUSTOM AUTH'],
    brands.map((brand) => [brand.id, brand.name, brand.customAuthEnabled ? 'yes' : 'no']),
  );
}

export function formatIssuedKey(key: AdminIssuedApiKey): string {
  return [
    `id:     ${key.id}`,
    `name:   ${key.name ?? ''}`,
    `scopes: ${key.scopes.join(' ')}`,
    `key:    ${key.key}`,
    '',
    'Store the key now: it is shown only once and cannot be recovered.',
  ].join('\n');
}

export function formatKeys(keys: readonly AdminApiKey[]): string {
  if (keys.length === 0) return 'No API keys.';
  return table(
    ['ID', 'NAME', 'PREFIX', 'STATUS', 'SCOPES'],
    keys.map((key) => [
      key.id,
      key.name ?? '',
      key.prefix,
      key.revokedAt ? `revoked ${key.revokedAt}` : 'active',
      key.scopes.join(' '),
    ]),
  );
}
