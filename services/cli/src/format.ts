import type { AdminApiKey, AdminBrand, AdminIssuedApiKey } from '@brand-api/contracts';
import type { OperatorApiError } from './operator-api-client';

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

/**
 * An error answer as text: the message with its code and status, then each of the server's
 * `details` on its own line (where it is, then what is wrong), since the message alone is
 * generic ("The request is invalid") and the details say what to fix.
 */
export function describeApiError({ status, body, requestBody }: OperatorApiError): string {
  const details = (body.details ?? []).map((detail) => {
    const sent =
      detail.location === 'body' && detail.field ? valueAt(requestBody, detail.field) : undefined;
    const where = [detail.location, detail.field, sent === undefined ? '' : `(${sent})`]
      .filter(Boolean)
      .join(' ');
    return `  ${where ? `${where}: ` : ''}${detail.message}\n`;
  });
  return `Error: ${body.message} (${body.code}, HTTP ${status})\n${details.join('')}`;
}

/** The value a JSON pointer (`/scopes/1`) names in `document` as JSON text, if it is a scalar. */
function valueAt(document: unknown, pointer: string): string | undefined {
  let value = document;
  for (const token of pointer.split('/').slice(1)) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[token.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return ['string', 'number', 'boolean'].includes(typeof value) ? JSON.stringify(value) : undefined;
}

export function formatIssuedKey(key: AdminIssuedApiKey): string {
  return [
    `id:     ${key.id}`,
    ...(key.name ? [`name:   ${key.name}`] : []),
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
