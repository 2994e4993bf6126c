/**
 * Members' sign-in sessions: the community API's own state, like idempotency keys are the
 * Brand API's. A session is a credential the sign-in writes, not a view of the event log, so it
 * lives here beside the sign-in rather than in the read models (which are only written by
 * projections, and which a rebuild may replace); its table must survive any rebuild.
 */
import type { Migration, Queryable } from '@brand-api/event-store';

/** A signed-in member's session; the cookie holds a random token, this table its SHA-256. */
export interface MemberSession {
  memberId: string;
  brandId: string;
  expiresAt: string;
}

export async function createMemberSession(
  db: Queryable,
  session: MemberSession & { tokenHash: string; createdAt: string },
): Promise<void> {
  await db.query(
    `INSERT INTO member_sessions (token_hash, member_id, brand_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [session.tokenHash, session.memberId, session.brandId, session.createdAt, session.expiresAt],
  );
}

/** The live session of a token hash; expired sessions are as good as absent. */
export async function findMemberSession(
  db: Queryable,
  tokenHash: string,
  now: Date,
): Promise<MemberSession | undefined> {
  const { rows } = await db.query<{ memberId: string; brandId: string; expiresAt: Date }>(
    `SELECT member_id::text AS "memberId", brand_id::text AS "brandId", expires_at AS "expiresAt"
     FROM member_sessions WHERE token_hash = $1 AND expires_at > $2`,
    [tokenHash, now.toISOString()],
  );
  const row = rows[0];
  return (
    row && { memberId: row.memberId, brandId: row.brandId, expiresAt: row.expiresAt.toISOString() }
  );
}

/** Removes sessions that expired before `now`; returns how many. */
export async function deleteExpiredMemberSessions(db: Queryable, now: Date): Promise<number> {
  const result = await db.query('DELETE FROM member_sessions WHERE expires_at <= $1', [
    now.toISOString(),
  ]);
  return result.rowCount;
}

/** Ends one session (sign-out); the member's sessions in other browsers go on. */
export async function deleteMemberSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('DELETE FROM member_sessions WHERE token_hash = $1', [tokenHash]);
}

/** The sessions table, with a migration prefix of its own (no read model's). */
export const memberSessionMigrations: readonly Migration[] = [
  {
    id: 'member-sessions/001-member-sessions',
    sql: `
CREATE TABLE IF NOT EXISTS member_sessions (
  token_hash text PRIMARY KEY,
  member_id uuid NOT NULL,
  brand_id uuid NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS member_sessions_expires ON member_sessions (expires_at);
`,
  },
];
