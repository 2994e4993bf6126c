/** The Markdown introduction of the OpenAPI document: what a developer reads first. */
import { API_BASE_PATH } from '../routes';
import { errorTable, scopeTable } from '../scope-table';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../requests/common';
import { BULK_RECORDS_MAX } from '../requests/bulk-sync';
import { INT4_MAX } from '../primitives';
import { bulkRateLimit, rateLimitPolicyHeader } from '../rate-limit';

const scopeRows = scopeTable
  .map(
    ({ scope, description, operations }) =>
      `| \`${scope}\` | ${description} | ${operations.map((op) => op.operationId).join(', ')} |`,
  )
  .join('\n');

const errorRows = errorTable
  .map(({ code, statusCode, message }) => `| ${statusCode} | \`${code}\` | ${message} |`)
  .join('\n');

export const introduction = `The Brand API lets a brand manage its catalogue products and variants, read and update the
members of its community, manage member groups, create magic sign-in links when it uses custom
authentication, read posts, and receive webhooks.

## Base URL

Every path below is relative to \`${API_BASE_PATH}\` on the platform's API host, for example
\`https://<api host>${API_BASE_PATH}/brand-products\`. The API host is given to the brand together
with its API keys.

## Authentication

Send an API key as a bearer token: \`Authorization: Bearer <key>\`. Without a key every call
answers 401 \`UNAUTHORIZED\` "Missing API key"; an unknown or revoked key answers 401
\`INVALID_API_KEY\`. Each operation needs one scope (listed with it); a key without that scope
gets 403 \`FORBIDDEN\`. The member-groups scopes are spelled two ways on purpose.

| Scope | Grants | Operations |
|---|---|---|
${scopeRows}

## Requests and responses

- Bodies are JSON (\`Content-Type: application/json\`), at most 1 MB, with arrays and objects nested at
  most 32 levels deep (deeper answers 400 \`INVALID_JSON\`). Unknown fields are refused.
- Every field's domain is in its schema, and what is accepted is stored as sent: integers up to
  ${INT4_MAX.toLocaleString('en-US')} (\`maximum\`), strings by \`maxLength\` in characters (code points), instants from
  year 0001 to 9999 with a UTC offset of at most ±15:59 and seconds from 00 to 59 (no leap second). Text anywhere in a request (body, query,
  path) must be valid Unicode without U+0000: a NUL or an unpaired surrogate answers 400
  \`VALIDATION_FAILED\` naming the field. Names (groups, badges, members) lose leading and
  trailing whitespace.
- A single object is answered as \`{ "data": … }\`; a create answers 201, other successes 200.
  Deletes and bulk calls answer \`{ "success": true }\`.
- Writes are visible at once: a GET right after a successful write sees it.
- A single product, variant, member or member group carries its version as a strong \`ETag\`.
  Send it as \`If-None-Match\` on a GET (304 while unchanged) or as \`If-Match\` on a PATCH or
  DELETE (412 \`PRECONDITION_FAILED\` if it changed meanwhile; nothing is written). A write without
  \`If-Match\` is applied to the resource as it is when the write lands.
- Another brand's resources are reported as 404, never 403.
- Every response carries an \`x-request-id\` header; quote it when asking for help.
- A create answers 201 with \`Location\`, the URL of what it created.
- Answers over 1 KB are compressed with br or gzip when \`Accept-Encoding\` allows it; a
  compressed answer's \`ETag\` names its encoding (\`"3-gzip"\`), and \`If-Match\` takes either form.
- This document is served at \`GET ${API_BASE_PATH}/openapi.json\`, no key needed.

## Pagination

Lists answer \`{ "hasMore": …, "data": [ … ], "nextCursor": … }\` in a stable order.
\`limit\` is 1 to ${String(PAGE_SIZE_MAX)} (default ${String(PAGE_SIZE_DEFAULT)}). To read the next page, pass
\`nextCursor\` back as \`cursor\` (catalogue calls) or \`after\` (members, member groups, posts).

## Bulk calls and rate limits

Bulk calls take at most ${String(BULK_RECORDS_MAX)} \`upsertRecords\` and ${String(BULK_RECORDS_MAX)} \`deleteRecords\`; the whole
body is validated before anything is written. Each bulk call accepts 10 requests per minute per
brand; every answer of a bulk call carries \`RateLimit-Policy: ${rateLimitPolicyHeader(bulkRateLimit)}\` and
\`RateLimit: "bulk";r=<remaining>;t=<seconds to reset>\`, and beyond the limit it answers 429
\`RATE_LIMITED\` with \`Retry-After\` as well.

## Errors

Every error is \`{ "message", "code", "statusCode", "requestId" }\` (\`requestId\` is also the
\`x-request-id\` header of every answer) and, for validation errors, \`details\` naming each failing
field.

| Status | Code | Message |
|---|---|---|
${errorRows}

## Webhooks

The platform POSTs \`{ type, timestamp, data }\` to the brand's endpoint for the events under
*Webhooks*, signed as the [Standard Webhooks](https://www.standardwebhooks.com/) specification
says (\`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`). Answer 2xx once stored; 410
means the URL is gone and the endpoint is disabled; redirects are failures.`;
