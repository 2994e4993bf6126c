/** Polls `condition` until it holds; fails with `message` after `timeoutMs`. */
export async function eventually(
  condition: () => Promise<boolean> | boolean,
  { timeoutMs = 10_000, intervalMs = 20, message = 'condition not met' } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`${message} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
