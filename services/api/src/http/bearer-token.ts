/** The key from an `Authorization: Bearer <key>` header; undefined when there is none. */
export function bearerToken(authorization: string): string | undefined {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
  return match?.[1];
}
