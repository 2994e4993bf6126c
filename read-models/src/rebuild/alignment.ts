import type { AlignedWork } from './align-attempts';
import { alignInline } from './inline-alignment';
import type { AlignMode } from './live-projection';
import { alignWithRunner } from './runner-alignment';
import type { ShadowRun } from './shadow-run';

/**
 * Runs `work` in one transaction in which the live tables and the live checkpoint are locked
 * and the shadow stands at exactly the position the live tables reflect: the live checkpoint
 * of a projection a runner applies (runner-alignment.ts), the head of the log for one applied
 * inline (inline-alignment.ts).
 *
 * Locks are taken with a short lock_timeout and retried, so neither a long API read nor a
 * projector batch holding one table while waiting for another can deadlock with us.
 */
export async function aligned<T>(
  run: ShadowRun,
  mode: AlignMode,
  work: AlignedWork<T>,
): Promise<T> {
  const deadline = Date.now() + (run.options.alignTimeoutMs ?? 30_000);
  const alignment = { mode, work, tables: await run.tables(), deadline };
  if (await run.live.isInline()) return alignInline(run, alignment);
  return alignWithRunner(run, alignment);
}
