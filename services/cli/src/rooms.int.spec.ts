import { unknownId, useBrandctl } from './testing/brandctl-harness';
import { readWholeLog } from '@brand-api/event-store/testing';

jest.setTimeout(60_000);

const { brandctl, t } = useBrandctl();

describe('brandctl rooms create', () => {
  it('creates a room for a brand, for people and for scripts', async () => {
    const brand = JSON.parse((await brandctl(['brands', 'create', 'Acme', '--json'])).stdout) as {
      data: { id: string };
    };
    const human = await brandctl(['rooms', 'create', brand.data.id, 'General']);
    expect(human).toMatchObject({ code: 0, stderr: '' });
    expect(human.stdout).toMatch(/^Created room\nid: +[0-9a-f-]{36}\nname: General\n$/);
    const scripted = await brandctl(['--json', 'rooms', 'create', brand.data.id, 'Trail talk']);
    expect(JSON.parse(scripted.stdout)).toEqual({
      data: { id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string, name: 'Trail talk' },
    });
    const roomCreated = (await readWholeLog(t().eventStore)).filter(
      (event) => event.type === 'RoomCreated',
    );
    expect(roomCreated.map((event) => event.metadata.actor)).toEqual([
      { kind: 'operator', id: 'admin', name: 'operator' },
      { kind: 'operator', id: 'admin', name: 'operator' },
    ]);
  });

  it('reports an unknown brand, a missing token and a bad name as errors', async () => {
    const unknown = await brandctl(['rooms', 'create', unknownId, 'X']);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toBe(
      'Error: Resource not found (NOT_FOUND, HTTP 404)\n' +
        'Check the ids on the command line: the list commands (brandctl brands list, webhooks list <brandId>, …) show what exists.\n',
    );
    const anonymous = await brandctl(['rooms', 'create', unknownId, 'X'], {
      BRANDCTL_TOKEN: undefined,
    });
    expect(anonymous.stderr).toContain('ADMIN_UNAUTHORIZED');
    const blank = await brandctl(['rooms', 'create', unknownId, '']);
    expect(blank.stderr).toContain('VALIDATION_FAILED');
  });
});
