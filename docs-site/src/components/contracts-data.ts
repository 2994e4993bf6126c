/**
 * Data the guides render from the contracts package (scopes, error catalogue). The webhook
 * examples are written into the MDX at compile time instead (plugins/remark-code-region.mjs).
 * gatsby-node computes it at build time and webpack's DefinePlugin inlines it as
 * `__BRAND_API_CONTRACTS__` into the chunks of the pages that use it, so the browser never loads
 * the contracts package (or TypeBox) itself.
 */
export interface ScopeRow {
  scope: string;
  description: string;
  /** `GET /api/v1/members` etc., in route-table order. */
  operations: string[];
}

export interface ErrorRow {
  code: string;
  statusCode: number;
  message: string;
  description: string;
}

export interface ContractsData {
  apiVersion: string;
  scopes: ScopeRow[];
  errors: ErrorRow[];
}

declare const __BRAND_API_CONTRACTS__: ContractsData;

export const contractsData: ContractsData = __BRAND_API_CONTRACTS__;
