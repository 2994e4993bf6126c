/**
 * The package as a brand's developer installs it: built, copied into a project that has only
 * `standardwebhooks` beside it (no @brand-api/contracts, no typebox), then loaded as an ES module
 * and as CommonJS, and type-checked from both kinds of TypeScript module.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

jest.setTimeout(600_000);

const run = promisify(execFile);
const packageRoot = path.resolve(__dirname, '..');
const repositoryRoot = path.resolve(packageRoot, '../..');
const bin = (name: string) => path.join(repositoryRoot, 'node_modules', '.bin', name);

describe('the published package', () => {
  let project: string;

  beforeAll(async () => {
    await run(bin('tsc'), ['-b', packageRoot], { cwd: repositoryRoot });
    await run(process.execPath, [path.join(packageRoot, 'scripts/finish-build.cjs')]);
    project = await mkdtemp(path.join(tmpdir(), 'brand-api-client-consumer-'));
    const installed = path.join(project, 'node_modules/@brand-api/client');
    await mkdir(installed, { recursive: true });
    for (const entry of ['package.json', 'dist', 'bin']) {
      await cp(path.join(packageRoot, entry), path.join(installed, entry), { recursive: true });
    }
    await symlink(
      path.join(repositoryRoot, 'node_modules/standardwebhooks'),
      path.join(project, 'node_modules/standardwebhooks'),
    );
    await writeFile(
      path.join(project, 'package.json'),
      '{ "name": "consumer", "private": true }\n',
    );
  });
  afterAll(() => rm(project, { recursive: true, force: true }));

  it('loads as an ES module and as CommonJS, sharing one instance of each class', async () => {
    const script = `
      import { createRequire } from 'node:module';
      import { BrandApiClient, BrandApiError, verifyWebhook } from '@brand-api/client';
      const cjs = createRequire(import.meta.url)('@brand-api/client');
      const client = new BrandApiClient({ apiKey: 'bk_live_x', baseUrl: 'http://127.0.0.1:9' });
      console.log(JSON.stringify({
        same: cjs.BrandApiError === BrandApiError,
        resources: Object.keys(client).sort(),
        verify: typeof verifyWebhook,
      }));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      cwd: project,
    });
    expect(JSON.parse(stdout)).toEqual({
      same: true,
      resources: [
        'brandProductVariants',
        'brandProducts',
        'events',
        'magicLinks',
        'memberGroups',
        'members',
        'posts',
        'transport',
      ],
      verify: 'function',
    });
  });

  it('type-checks consumers in ESM and CommonJS with the contracts inlined, and refuses a wrong body', async () => {
    const consumer = `
      import { BrandApiClient, type BrandProduct, type FeedEvent } from '@brand-api/client';
      export async function use(client: BrandApiClient): Promise<string[]> {
        const created = await client.brandProducts.create({
          storeId: 's1', title: 'T', description: '', imageUrl: null, imageWidth: null,
          imageHeight: null, onlineStoreUrl: 'https://shop.example.com/p',
        });
        const title: string = created.data.title;
        // @ts-expect-error title must be a string
        await client.brandProducts.update(created.data.id, { title: 42 });
        // @ts-expect-error members have no create call
        client.members.create;
        const products: BrandProduct[] = [];
        for await (const product of client.brandProducts.all({ limit: 50 })) products.push(product);
        for await (const event of client.events.all({ types: 'user.joined' })) {
          const typed: FeedEvent = event;
          if (typed.type === 'user.joined') return [typed.data.email, title];
        }
        return products.map((product) => product.storeId);
      }
    `;
    await writeFile(path.join(project, 'consumer.mts'), consumer);
    await writeFile(path.join(project, 'consumer.cts'), consumer);
    await writeFile(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'node16',
          moduleResolution: 'node16',
          target: 'es2022',
          typeRoots: [path.join(repositoryRoot, 'node_modules/@types')],
          types: ['node'],
        },
        files: ['consumer.mts', 'consumer.cts'],
      }),
    );
    const result = await run(bin('tsc'), ['-p', project], { cwd: project }).catch(
      (error: { stdout: string }) => error,
    );
    expect(result.stdout).toBe('');
  });
});
