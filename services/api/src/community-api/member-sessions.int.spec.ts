import { useMigratedTestDatabase } from '@brand-api/event-store/testing';
import {
  createMemberSession,
  deleteExpiredMemberSessions,
  findMemberSession,
  memberSessionMigrations,
} from './member-sessions';

const db = useMigratedTestDatabase([...memberSessionMigrations]);

const brandA = '00000000-0000-4000-8000-00000000000a';
const memberId = (n: number) => `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const minute = (n: number) => new Date(Date.UTC(2025, 2, 1, 10, n)).toISOString();

describe('member sessions', () => {
  it('finds a live session and forgets it once expired', async () => {
    await createMemberSession(db(), {
      tokenHash: 'f'.repeat(64),
      memberId: memberId(1),
      brandId: brandA,
      createdAt: minute(0),
      expiresAt: minute(30),
    });
    expect(await findMemberSession(db(), 'f'.repeat(64), new Date(minute(29)))).toEqual({
      memberId: memberId(1),
      brandId: brandA,
      expiresAt: minute(30),
    });
    expect(await findMemberSession(db(), 'f'.repeat(64), new Date(minute(30)))).toBeUndefined();
    expect(await deleteExpiredMemberSessions(db(), new Date(minute(31)))).toBe(1);
  });
});
