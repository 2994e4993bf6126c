/** `npm run check-links`: fails (exit 1) on any broken internal link of the built site. */
import path from 'node:path';
import { checkLinks } from './link-checker';

const root = path.resolve(process.argv[2] ?? path.join(__dirname, '../public'));
const problems = checkLinks(root);
for (const { page, href, problem } of problems) console.error(`${page}: ${href} — ${problem}`);
if (problems.length > 0) {
  console.error(`\n${problems.length} broken link(s) in ${root}`);
  process.exit(1);
}
console.log(`Links OK in ${root}`);
