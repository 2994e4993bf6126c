import { existsSync } from 'node:fs';
import { startStaticServer, type RunningServer } from '../../scripts/static-server';
import { CHROMIUM_PATH, PUBLIC_DIR, SITE_URL_ENV } from './browser-env';

declare global {
  var __DOCS_SERVER__: RunningServer | undefined;
}

export default async function setup(): Promise<void> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: apt-get update && apt-get install -y chromium`,
    );
  }
  const server = await startStaticServer(PUBLIC_DIR);
  globalThis.__DOCS_SERVER__ = server;
  process.env[SITE_URL_ENV] = server.url;
}
