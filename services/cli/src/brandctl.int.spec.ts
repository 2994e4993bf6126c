import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testAdminToken } from '@brand-api/api/testing';
import { exitCodes } from './exit-codes';
import { runCli } from './program';
import { json, unknownId, useBrandctl } from './testing/brandctl-harness';

jest.setTimeout(60_000);

const { brandctl, t, url } = useBrandctl();

describe('brandctl', () => {
  it('creates, lists and updates brands', async () => {
    const created = await brandctl(['brands', 'create', 'Acme', '--json']);
    expect(created).toMatchObject({ code: 0, stderr: '' });
    const { data: brand } = json<{
      data: { id: string; name: string; customAuthEnabled: boolean };
    }>(created.stdout);
    expect(brand).toMatchObject({ name: 'Acme', customAuthEnabled: false });

    const human = await brandctl(['brands', 'create', 'Beta', '--custom-auth']);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(
      /^Created brand\nid: +[0-9a-f-]{36}\nname: +Beta\ncustomAuthEnabled: true\n$/,
    );

    const listed = await brandctl(['--json', 'brands', 'list', '--limit', '1', '--all']);
    expect(json<{ data: { name: string }[] }>(listed.stdout).data.map((b) => b.name)).toEqual([
      'Acme',
      'Beta',
    ]);
    const table = await brandctl(['brands', 'list']);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID +NAME +CUSTOM AUTH$/);
    expect(table.stdout).toContain(`${brand.id}  Acme`);

    const updated = await brandctl([
      'brands',
      'update',
      brand.id,
      '--name',
      'Acme Corp',
      '--custom-auth',
      '--json',
    ]);
    expect(json<{ data: unknown }>(updated.stdout).data).toEqual({
      id: brand.id,
      name: 'Acme Corp',
      customAuthEnabled: true,
    });
    const off = await brandctl(['brands', 'update', brand.id, '--no-custom-auth', '--json']);
    expect(json<{ data: { customAuthEnabled: boolean } }>(off.stdout).data.customAuthEnabled).toBe(
      false,
    );
  });

  it('creates, lists and revokes keys; a revoked key stops working at once', async () => {
    const { stdout } = await brandctl(['brands', 'create', 'Keys', '--json']);
    const brandId = json<{ data: { id: string } }>(stdout).data.id;

    const created = await brandctl([
      'keys',
      'create',
      brandId,
      '--scopes',
      'members:read,posts:read',
      '--name',
      'CI',
    ]);
    expect(created.code).toBe(0);
    const key = /key: +(bk_live_\w+)/.exec(created.stdout)![1]!;
    const keyId = /id: +([0-9a-f-]{36})/.exec(created.stdout)![1]!;
    expect(created.stdout).toContain('shown only once');
    await t()
      .http.get('/api/v1/posts')
      .set('authorization', `Bearer ${key}`)
      .expect((r) => expect(r.status).not.toBe(401));

    const listed = await brandctl(['keys', 'list', brandId, '--json']);
    const keys = json<{ data: { id: string; scopes: string[]; revokedAt: string | null }[] }>(
      listed.stdout,
    ).data;
    expect(keys).toEqual([
      expect.objectContaining({
        id: keyId,
        scopes: ['members:read', 'posts:read'],
        revokedAt: null,
      }),
    ]);
    expect(listed.stdout).not.toContain(key);
    const table = await brandctl(['keys', 'list', brandId]);
    expect(table.stdout).toMatch(
      new RegExp(`${keyId} +CI +bk_live_\\w{4} +active +members:read posts:read`),
    );

    const revoked = await brandctl(['keys', 'revoke', brandId, keyId]);
    expect(revoked).toEqual({ code: 0, stdout: `Revoked API key ${keyId}\n`, stderr: '' });
    await t().http.get('/api/v1/posts').set('authorization', `Bearer ${key}`).expect(401);
    expect((await brandctl(['keys', 'list', brandId])).stdout).toContain('revoked 20');
  });

  it('prints no name line for a key created without a name', async () => {
    const { stdout } = await brandctl(['brands', 'create', 'Unnamed', '--json']);
    const brandId = json<{ data: { id: string } }>(stdout).data.id;
    const unnamed = await brandctl(['keys', 'create', brandId, '--scopes', 'posts:read']);
    expect(unnamed.code).toBe(0);
    expect(unnamed.stdout).toMatch(/^id: +\S+\nscopes: +posts:read\nkey: +bk_live_\w+\n/);
  });

  it('reports API errors with their code and what to do; a missing token exits 77 (sysexits NOPERM)', async () => {
    const noToken = await brandctl(['brands', 'list'], { BRANDCTL_TOKEN: undefined });
    expect(noToken).toMatchObject({ code: 77, stdout: '' });
    expect(noToken.stderr).toBe(
      'Error: Missing or invalid admin token (ADMIN_UNAUTHORIZED, HTTP 401)\n' +
        'Pass the operator token with --token <token> or set BRANDCTL_TOKEN (the admin token the server printed on its first start, or its ADMIN_TOKEN).\n',
    );

    const flagWins = await brandctl(['--token', testAdminToken, 'brands', 'list'], {
      BRANDCTL_TOKEN: 'wrong',
    });
    expect(flagWins.code).toBe(0);

    const missing = await brandctl(['keys', 'list', unknownId, '--json']);
    expect(missing.code).toBe(1);
    expect(json<{ code: string }>(missing.stderr).code).toBe('NOT_FOUND');

    // The message alone is generic: the details under it name the scope to fix.
    const badScope = await brandctl([
      'keys',
      'create',
      unknownId,
      '--scopes',
      'members:read,nope:read',
    ]);
    expect(badScope.code).toBe(exitCodes.dataError);
    expect(badScope.stderr).toMatch(
      /^Error: The request is invalid \(VALIDATION_FAILED, HTTP 400\)\n {2}body \/scopes\/1 \("nope:read"\): must be one of "brand_products:read", /,
    );
    expect(badScope.stderr).toMatch(
      /\nCorrect what the server names above, then run the command again\.\n$/,
    );

    const notFound = await brandctl(['keys', 'list', unknownId]);
    expect(notFound).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'Error: Resource not found (NOT_FOUND, HTTP 404)\n' +
        'Check the ids on the command line: the list commands (brandctl brands list, webhooks list <brandId>, …) show what exists.\n',
    });
  });

  it('says a --url inside an API looks wrong instead of blaming the token', async () => {
    const brand = await brandctl(['--json', 'brands', 'create', 'Url']);
    const brandId = json<{ data: { id: string } }>(brand.stdout).data.id;
    for (const prefix of ['/api/v1', '/admin/v1/', '/community/v1']) {
      const wrong = await brandctl(['--url', `${url()}${prefix}`, 'keys', 'list', brandId]);
      expect(wrong).toMatchObject({ code: exitCodes.usage, stdout: '' });
      expect(wrong.stderr).toContain('looks wrong');
      expect(wrong.stderr).toContain(`--url ${url()}\n`);
      expect(wrong.stderr).not.toContain('Invalid API key');
    }
    // Under a path no check knows beforehand, the Brand API's key check gives it away.
    const inside = await brandctl(['--url', `${url()}/api/v1/brand-products`, 'brands', 'list']);
    expect(inside).toMatchObject({ code: exitCodes.usage, stdout: '' });
    expect(inside.stderr).toMatch(/answered "Invalid API key" \(HTTP 401\).*URL looks wrong/);
    const notUrl = await brandctl(['--url', 'localhost:3000', 'brands', 'list']);
    expect(notUrl).toMatchObject({ code: exitCodes.usage, stdout: '' });
    expect(notUrl.stderr).toContain('not an http(s) URL');
  });

  it('explains usage mistakes and exits 64 (sysexits USAGE); an unreachable server exits 69', async () => {
    const nothing = await brandctl(['brands', 'update', unknownId]);
    expect(nothing.code).toBe(exitCodes.usage);
    expect(nothing.stderr).toContain('Nothing to update');

    const noScopes = await brandctl(['keys', 'create', 'x']);
    expect(noScopes.code).toBe(exitCodes.usage);
    expect(noScopes.stderr).toContain("required option '--scopes <scopes>' not specified");

    const badLimit = await brandctl(['brands', 'list', '--limit', '500']);
    expect(badLimit.code).toBe(exitCodes.usage);
    expect(badLimit.stderr).toContain('an integer from 1 to 100');

    for (const mistake of [[], ['brands'], ['brands', 'rename'], ['keys', 'list'], ['--nope']]) {
      const answer = await brandctl(mistake);
      expect({ mistake, code: answer.code, stdout: answer.stdout }).toEqual({
        mistake,
        code: exitCodes.usage,
        stdout: '',
      });
      expect(answer.stderr).toContain('Usage: brandctl');
    }

    let stderr = '';
    const code = await runCli(['--url', 'http://127.0.0.1:9', 'brands', 'list'], {
      stdout: () => undefined,
      stderr: (text) => (stderr += text),
      env: { BRANDCTL_TOKEN: testAdminToken },
    });
    // Nothing listens on port 9: sysexits UNAVAILABLE, and a hint to start the server.
    expect(code).toBe(69);
    expect(stderr).toMatch(/^Error: Cannot reach http:\/\/127\.0\.0\.1:9: /);
    expect(stderr).toContain('Is the server running? Start it with `npm start`');
  });

  it('says a proxy that answers 502 means the server is unavailable: exit 69', async () => {
    const proxy = createServer((_request, response) => {
      response.writeHead(502, { 'content-type': 'text/plain' });
      response.end('Bad Gateway');
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const port = (proxy.address() as AddressInfo).port;
      const answer = await brandctl(['--url', `http://127.0.0.1:${port}`, 'brands', 'list']);
      expect(answer).toEqual({
        code: exitCodes.unavailable,
        stdout: '',
        stderr:
          'Error: Bad Gateway (HTTP_ERROR, HTTP 502)\n' +
          'The server cannot serve right now (is its database reachable?): run the command again in a few seconds.\n',
      });
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('prints help, with the exit statuses', async () => {
    const help = await brandctl(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('brands');
    expect(help.stdout).toContain('keys');
    expect(help.stdout).toContain('--json');
    expect(help.stdout).toContain('Exit status:');
    for (const code of [64, 65, 69, 77])
      expect(help.stdout).toMatch(new RegExp(`\n  ${code} +\\w`));
  });
});
