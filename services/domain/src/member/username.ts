/**
 * Usernames are generated when a member joins: readable, unique within the brand (held by a
 * claim stream per username), and never changed afterwards. The edge tries candidates in order
 * until a claim succeeds; this file only says what the candidates are.
 */

export const maxUsernameLength = 64;
const maxBaseLength = 40;

/** `Ada Lovelace` → `ada-lovelace`; letters lose their accents; nothing usable → `member`. */
export function usernameBase(firstName: string, lastName: string | null): string {
  const slug = `${firstName} ${lastName ?? ''}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxBaseLength)
    .replace(/-+$/, '');
  return slug === '' ? 'member' : slug;
}

/**
 * The candidate for the n-th attempt (from 0): the base, then `-2` to `-5`, then a suffix from
 * the caller's randomness so that a popular name does not walk a long list of taken ones.
 */
export function usernameCandidate(base: string, attempt: number, entropy: string): string {
  if (attempt === 0) return base;
  if (attempt < 5) return `${base}-${attempt + 1}`;
  const suffix =
    entropy
      .replace(/[^a-z0-9]/gi, '')
      .toLowerCase()
      .slice(0, 8) || String(attempt);
  return `${base}-${suffix}`;
}
