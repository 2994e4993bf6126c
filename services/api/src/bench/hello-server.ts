/**
 * The yardstick of `bench:api`: a Koa app with a router and one JSON hello route, in its own
 * process like the API server, so the API's figures are read as a share of what Koa itself
 * serves on this machine in the same run.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';

const router = new Router();
router.get('/hello', (ctx) => {
  ctx.body = { hello: 'world' };
});
const app = new Koa();
app.use(router.routes());
const handle = app.callback();
const server = createServer((request, response) => {
  void handle(request, response);
});
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
process.on('disconnect', () => process.exit(0));
