import { comparePositions, singleStreamRequested } from '@brand-api/event-store';
import { errorOf } from '../testing/error-body';
import { bearer, eventCount, signUp, useBrands } from '../testing/community-kit';
import { readWholeLog } from '@brand-api/event-store/testing';

jest.setTimeout(120_000);

const { t, open, other } = useBrands({
  open: { customAuth: false, name: 'Open' },
  other: { customAuth: false, name: 'Other' },
});

const postSignUp = (brandId: string, body: { email: string; firstName: string }) =>
  t().http.post(`/community/v1/brands/${brandId}/sign-up`).send(body);

const membersWithEmail = async (brandId: string, key: string, email: string) => {
  const listed = await t()
    .http.get('/api/v1/members?limit=100')
    .set('authorization', bearer(key))
    .expect(200);
  return (listed.body as { data: { id: string; email: string }[] }).data.filter(
    (member) => member.email.toLowerCase() === email.toLowerCase(),
  );
};

const conflict = {
  message: 'A member with this email address has already signed up to this brand',
  code: 'CONFLICT',
  statusCode: 409,
};

describe('sign-up: one member per email address and brand', () => {
  it('refuses a second sign-up with the same address in any case: 409, no session, nothing written', async () => {
    const first = await signUp(t(), open().brandId, { email: 'Lin@Example.com', firstName: 'Lin' });
    const before = await eventCount(t());
    for (const email of ['Lin@Example.com', 'lin@example.com', 'LIN@EXAMPLE.COM']) {
      const again = await postSignUp(open().brandId, { email, firstName: 'Impostor' }).expect(409);
      expect(errorOf(again)).toEqual(conflict);
      expect(again.headers['set-cookie']).toBeUndefined();
    }
    expect(await eventCount(t())).toBe(before);
    const members = await membersWithEmail(open().brandId, open().key, 'lin@example.com');
    expect(members.map((member) => [member.id, member.email])).toEqual([
      [first.userId, 'Lin@Example.com'],
    ]);
  });

  it('lets the same address join another brand', async () => {
    await signUp(t(), open().brandId, { email: 'sam@example.com', firstName: 'Sam' });
    const elsewhere = await signUp(t(), other().brandId, {
      email: 'SAM@example.com',
      firstName: 'Sam',
    });
    expect(await membersWithEmail(other().brandId, other().key, 'sam@example.com')).toEqual([
      expect.objectContaining({ id: elsewhere.userId }) as unknown,
    ]);
  });

  it('claims the lower-cased address with MemberJoined (one append, or just before it on a single-stream store), with no address in the stream name', async () => {
    const { userId } = await signUp(t(), open().brandId, {
      email: 'Kim@Example.com',
      firstName: 'Kim',
    });
    const events = await readWholeLog(t().eventStore);
    const joined = events.find(
      (event) =>
        event.type === 'MemberJoined' && (event.data as { memberId: string }).memberId === userId,
    );
    const claim = events.find(
      (event) =>
        event.type === 'MemberEmailClaimed' &&
        (event.data as { memberId: string }).memberId === userId,
    );
    expect(claim).toMatchObject({
      data: { brandId: open().brandId, email: 'kim@example.com', memberId: userId },
      metadata: { brandId: open().brandId, actor: { kind: 'member', id: userId } },
    });
    expect(claim!.streamName).toMatch(new RegExp(`^memberEmail-${open().brandId}-[0-9a-f]{64}$`));
    expect(claim!.streamName.toLowerCase()).not.toContain('kim');
    if (singleStreamRequested(process.env)) {
      // One stream per append: the claim goes first and names the MemberJoined it waits for.
      expect(claim!.metadata.reservedFor).toEqual({
        streamName: joined!.streamName,
        eventId: joined!.id,
      });
      expect(comparePositions(claim!.position, joined!.position)).toBeLessThan(0);
    } else {
      // One transaction: the Postgres adapter's commit position is the transaction id.
      expect(claim!.position.commit).toBe(joined!.position.commit);
    }
  });

  it('lets exactly one of five concurrent sign-ups with one address join', async () => {
    const emails = [
      'race@example.com',
      'Race@example.com',
      'RACE@example.com',
      'race@EXAMPLE.com',
      'rAce@example.com',
    ];
    const responses = await Promise.all(
      emails.map((email) => postSignUp(open().brandId, { email, firstName: 'Racer' })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(errorOf(response)).toEqual(conflict);
    }
    expect(await membersWithEmail(open().brandId, open().key, 'race@example.com')).toHaveLength(1);
  });
});
