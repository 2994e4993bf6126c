import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { recordedLog } from '../testing/log-lines';
import { createTestApp } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

jest.setTimeout(60_000);

const { logger, lines } = recordedLog();
let t: TestApp;
let key: string;
let server: Server;

beforeAll(async () => {
  t = await createTestApp({ deps: { logger } });
  ({ key } = await t.brandWithKey(['brand_products:write']));
  const handle = t.app.callback();
  server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
});
afterAll(async () => {
  await new Promise((closed) => server.close(closed));
  await t.close();
});

/**
 * Sends a whole request and closes the connection at once, before the answer: as a load
 * generator does with the requests in flight when its run ends, or a client that gives up.
 */
function sendAndHangUp(requestId: string): void {
  const body = JSON.stringify({ storeId: requestId });
  const socket = connect((server.address() as AddressInfo).port, '127.0.0.1', () => {
    socket.write(
      'POST /api/v1/brand-products HTTP/1.1\r\nHost: localhost\r\n' +
        `Authorization: Bearer ${key}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\n\r\n${body}`,
      () => socket.destroy(),
    );
  });
}

describe('a client that closes the connection before its body is read', () => {
  it('is answered as a client error, and no server error is logged', async () => {
    const requestIds = Array.from({ length: 5 }, (_, n) => `hung-up-${n}`);
    for (const requestId of requestIds) sendAndHangUp(requestId);
    const logged = () => lines.filter((line) => requestIds.includes(line.requestId as string));
    for (let waited = 0; logged().length < requestIds.length && waited < 10_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(logged()).toHaveLength(requestIds.length);
    for (const line of logged()) {
      expect(line).toMatchObject({ msg: 'request', level: 30, status: 400 });
    }
    expect(lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
  });
});
