import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, testAdminToken } from '@brand-api/api/testing';
import type { TestApp } from '@brand-api/api/testing';
import { runCli } from './program';

jest.setTimeout(60_000);

let t: TestApp;
let server: Server;
let url: string;
let brandId: string;
let memberId: string;

beforeAll(async () => {
  t = await createTestApp();
  const handle = t.app.callback();
  server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ({ brandId } = await t.brandWithKey(['members:read']));
  const signedUp = await t.http
    .post(`/community/v1/brands/${brandId}/sign-up`)
    .send({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' })
    .expect(201);
  memberId = (signedUp.body as { data: { id: string } }).data.id;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

async function brandctl(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(['--url', url, ...args], {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env: { BRANDCTL_TOKEN: testAdminToken },
  });
  return { code, stdout, stderr };
}

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
    const changes = (await t.eventStore.readAll()).filter(
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
    const before = (await t.eventStore.readAll()).length;
    const owner = await brandctl(['members', 'set-role', brandId, memberId, 'owner']);
    expect(owner.code).not.toBe(0);
    expect(owner.stderr).toContain('Allowed roles: ADMIN, MODERATOR, CUSTOMER.');
    const unknown = await brandctl([
      'members',
      'set-role',
      brandId,
      '9b2f4c6e-1a3d-4e5f-8a7b-6c5d4e3f2a1b',
      'ADMIN',
    ]);
    expect(unknown).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error: Resource not found (NOT_FOUND, HTTP 404)\n',
    });
    expect(await t.eventStore.readAll()).toHaveLength(before);
  });
});
