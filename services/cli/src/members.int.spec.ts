import { unknownId, useBrandctl } from './testing/brandctl-harness';
import { readWholeLog } from '@brand-api/event-store/testing';

jest.setTimeout(60_000);

const { brandctl, t } = useBrandctl();
let brandId: string;
let memberId: string;

beforeAll(async () => {
  ({ brandId } = await t().brandWithKey(['members:read']));
  const signedUp = await t()
    .http.post(`/community/v1/brands/${brandId}/sign-up`)
    .send({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' })
    .expect(201);
  memberId = (signedUp.body as { data: { id: string } }).data.id;
});

describe('brandctl members set-role', () => {
  it('appoints a moderator for people and an admin for scripts, as the operator', async () => {
    const human = await brandctl(['members', 'set-role', brandId, memberId, 'moderator']);
    expect(human).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        'Member ada-lovelace is now MODERATOR',
        `id:       ${memberId}`,
        'username: ada-lovelace',
        'email:    ada@example.com',
        'role:     MODERATOR',
        '',
      ].join('\n'),
    });
    const scripted = await brandctl(['--json', 'members', 'set-role', brandId, memberId, 'ADMIN']);
    expect(scripted.code).toBe(0);
    expect(JSON.parse(scripted.stdout)).toMatchObject({
      data: { id: memberId, username: 'ada-lovelace', role: 'ADMIN' },
    });
    const changes = (await readWholeLog(t().eventStore)).filter(
      (event) => event.type === 'MemberRoleChanged',
    );
    expect(changes.map((event) => [event.data, event.metadata.actor])).toEqual([
      [
        { memberId, role: 'MODERATOR', previousRole: 'CUSTOMER' },
        { kind: 'operator', id: 'admin', name: 'operator' },
      ],
      [
        { memberId, role: 'ADMIN', previousRole: 'MODERATOR' },
        { kind: 'operator', id: 'admin', name: 'operator' },
      ],
    ]);
  });

  it('refuses an unknown role before calling the server, and reports an unknown member', async () => {
    const before = (await readWholeLog(t().eventStore)).length;
    const owner = await brandctl(['members', 'set-role', brandId, memberId, 'owner']);
    expect(owner.code).not.toBe(0);
    expect(owner.stderr).toContain('Allowed roles: ADMIN, MODERATOR, CUSTOMER.');
    const unknown = await brandctl(['members', 'set-role', brandId, unknownId, 'ADMIN']);
    expect(unknown).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'Error: Resource not found (NOT_FOUND, HTTP 404)\n' +
        'Check the ids on the command line: the list commands (brandctl brands list, webhooks list <brandId>, …) show what exists.\n',
    });
    expect(await readWholeLog(t().eventStore)).toHaveLength(before);
  });
});
