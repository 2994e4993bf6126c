import { createHash } from 'node:crypto';
import {
  claimCustomAuthSub,
  claimEmail,
  claimUsername,
  customAuthSubClaimStreamName,
  emailClaimKey,
  emailClaimStreamName,
  uniqueClaimDecider,
  usernameBase,
  usernameCandidate,
  usernameClaimStreamName,
} from '@brand-api/domain';
import type { UnitOfWork } from '@brand-api/event-store';

/** The member holding a customAuthSub in this brand, or undefined; `bind` claims it for one. */
export async function findMemberByCustomAuthSub(
  uow: UnitOfWork,
  customAuthSub: string,
): Promise<{ memberId: string | undefined; bind: (memberId: string) => void }> {
  const stream = await uow.load(
    customAuthSubClaimStreamName(uow.brandId, customAuthSub),
    uniqueClaimDecider,
    { tenant: false },
  );
  return {
    memberId: stream.state.holder,
    bind: (memberId) => {
      stream.decide({
        type: 'Claim',
        event: claimCustomAuthSub(uow.brandId, customAuthSub, memberId),
        taken: { message: 'Another member has this customAuthSub', path: ['customAuthSub'] },
      });
    },
  };
}

/**
 * Takes a sign-up email for a new member: one member per address and brand, whatever the
 * case. Two concurrent sign-ups with one address both find it free, and the second append
 * fails on the claim's expected version; its re-run finds the address taken.
 */
export async function claimSignUpEmail(
  uow: UnitOfWork,
  email: string,
  memberId: string,
): Promise<void> {
  const digest = createHash('sha256').update(emailClaimKey(email), 'utf8').digest('hex');
  const stream = await uow.load(emailClaimStreamName(uow.brandId, digest), uniqueClaimDecider, {
    tenant: false,
  });
  stream.decide({
    type: 'Claim',
    event: claimEmail(uow.brandId, email, memberId),
    taken: { message: 'A member with this email address has already signed up to this brand' },
  });
}

/** More attempts than this means something is wrong with the candidates, not bad luck. */
const maxUsernameAttempts = 12;

/**
 * Claims the first free username for a new member: `ada-lovelace`, `ada-lovelace-2`, ... then
 * random suffixes. A candidate taken between this read and the append fails the whole append,
 * and the re-run picks the next one.
 */
export async function claimFreeUsername(
  uow: UnitOfWork,
  memberId: string,
  names: { firstName: string; lastName: string | null },
  entropy: () => string,
): Promise<string> {
  const base = usernameBase(names.firstName, names.lastName);
  for (let attempt = 0; attempt < maxUsernameAttempts; attempt += 1) {
    const username = usernameCandidate(base, attempt, attempt >= 5 ? entropy() : '');
    const stream = await uow.load(
      usernameClaimStreamName(uow.brandId, username),
      uniqueClaimDecider,
      { tenant: false },
    );
    if (stream.state.holder !== undefined) continue;
    stream.decide({
      type: 'Claim',
      event: claimUsername(uow.brandId, username, memberId),
      taken: { message: 'The username is taken' },
    });
    return username;
  }
  throw new Error(`No free username for '${base}' after ${maxUsernameAttempts} attempts`);
}
