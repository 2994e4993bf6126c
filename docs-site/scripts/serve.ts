/** `npm run docs:serve`: serves docs-site/public on http://127.0.0.1:9000 (PORT to change). */
import path from 'node:path';
import { startStaticServer } from './static-server';

const root = path.resolve(__dirname, '../public');
const port = Number(process.env['PORT'] ?? 9000);

startStaticServer(root, port, process.env['HOST'] ?? '127.0.0.1').then(
  (server) => console.log(`Docs site on ${server.url}/`),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
