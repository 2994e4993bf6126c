import { spawnSync } from 'node:child_process';

/**
 * Runs a process as PID 1 of a new PID namespace with its own /proc, as a container would:
 * it cannot see the processes of the test, nor they its pid. `--kill-child` ends it when the
 * launcher is killed, since unshare itself does not pass SIGTERM on.
 */
export const pidNamespaceLauncher = [
  'unshare',
  '--map-root-user',
  '--pid',
  '--fork',
  '--mount-proc',
  '--kill-child',
] as const;

/** Why processes cannot be started in a new PID namespace here, or undefined when they can. */
export function pidNamespacesUnavailable(): string | undefined {
  const probe = spawnSync(pidNamespaceLauncher[0], [...pidNamespaceLauncher.slice(1), 'true'], {
    encoding: 'utf8',
  });
  if (probe.error) return `unshare cannot run (${probe.error.message})`;
  if (probe.status !== 0) {
    return `unshare is not permitted (${probe.stderr.trim() || `exit ${probe.status}`})`;
  }
  return undefined;
}

/** `describe` that needs PID namespaces; skipped with the reason where unshare is refused. */
export function describeWithPidNamespaces(title: string, body: () => void): void {
  const unavailable = pidNamespacesUnavailable();
  if (unavailable === undefined) describe(title, body);
  else describe.skip(`${title} — skipped: ${unavailable}`, body);
}
