// The `brand-api` bin from source, for spawnTypeScript (bin/brand-api.cjs runs the built one).
import { main } from '../listen/main';

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
