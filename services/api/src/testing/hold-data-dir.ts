// Holds the lock of the data directory given as argument until killed (lock tests).
import { lockDataDir } from '../runtime/data-dir-lock';

void lockDataDir(process.argv[2]!).then(() => {
  process.stdout.write('locked\n');
  setInterval(() => undefined, 60_000);
});
