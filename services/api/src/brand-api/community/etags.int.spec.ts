import { hasPostgresServer } from '@brand-api/event-store/testing';
import { brandApiClient } from '../../testing/brand-api-client';
import { errorOf } from '../../testing/error-body';
import { eventCount, signUp, useBrands } from '../../testing/community-kit';

jest.setTimeout(180_000);

const { t, versioned } = useBrands({ versioned: { customAuth: false, name: 'Versioned' } });

const api = brandApiClient(t, () => versioned().key);

const etagOf = async (path: string) => (await api.get(path).expect(200)).headers.etag as string;

describe(`ETags and preconditions of members and member groups (${hasPostgresServer() ? 'Postgres server' : 'PGlite'})`, () => {
  it('versions a member: ETag on GET and PATCH, 304, 412 on a stale If-Match with nothing appended', async () => {
    const { userId } = await signUp(t(), versioned().brandId, {
      email: 'etag@example.com',
      firstName: 'Ed',
    });
    const path = `/members/${userId}`;
    const joined = await etagOf(path);
    expect(joined).toBe('"0"');
    await api.get(path).set('if-none-match', joined).expect(304);
    const banned = await api.patch(path, { isBanned: true }).set('if-match', joined).expect(200);
    expect(banned.headers.etag).toBe('"1"');
    expect(await etagOf(path)).toBe('"1"');
    const before = await eventCount(t());
    const stale = await api.patch(path, { isBanned: false }).set('if-match', joined).expect(412);
    expect(errorOf(stale)).toMatchObject({ code: 'PRECONDITION_FAILED', statusCode: 412 });
    expect(await eventCount(t())).toBe(before);
    expect((await api.get(path).expect(200)).body).toMatchObject({ data: { isBanned: true } });
  });

  it('versions a member group through create, read, update and delete', async () => {
    const created = await api.post('/member-groups', { name: 'Staff' }).expect(201);
    expect(created.headers.etag).toBe('"0"');
    const { id } = (created.body as { data: { id: string } }).data;
    const path = `/member-groups/${id}`;
    await api.get(path).set('if-none-match', '"0"').expect(304);
    const renamed = await api.patch(path, { name: 'Team' }).set('if-match', '"0"').expect(200);
    expect(renamed.headers.etag).toBe('"1"');
    const before = await eventCount(t());
    await api.patch(path, { name: 'Lost' }).set('if-match', '"0"').expect(412);
    await api.delete(path).set('if-match', '"0"').expect(412);
    await api.delete(path).set('if-match', 'not an etag').expect(400);
    expect(await eventCount(t())).toBe(before);
    await api.delete(path).set('if-match', '"1"').expect(200);
    await api.get(path).expect(404);
  });

  it("moves a member's ETag when a deleted group leaves their groups", async () => {
    const { userId } = await signUp(t(), versioned().brandId, {
      email: 'grouped@example.com',
      firstName: 'Gi',
    });
    const group = (
      (await api.post('/member-groups', { name: 'Short-lived' }).expect(201)).body as {
        data: { id: string };
      }
    ).data.id;
    await api.patch(`/members/${userId}`, { groupIds: [group] }).expect(200);
    const grouped = await etagOf(`/members/${userId}`);
    await api.delete(`/member-groups/${group}`).expect(200);
    const after = await api.get(`/members/${userId}`).set('if-none-match', grouped).expect(200);
    expect(after.body).toMatchObject({ data: { groupIds: [] } });
    expect(after.headers.etag).not.toBe(grouped);
  });

  it('lets exactly one of 20 parallel PATCHes of a group with the same If-Match win', async () => {
    const created = await api.post('/member-groups', { name: 'Race' }).expect(201);
    const { id } = (created.body as { data: { id: string } }).data;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        api
          .patch(`/member-groups/${id}`, { name: `Racer ${n}` })
          .set('if-match', created.headers.etag as string),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 412)).toHaveLength(19);
    expect(await t().eventStore.readStream(`memberGroup-${id}`)).toHaveLength(2);
  });
});
