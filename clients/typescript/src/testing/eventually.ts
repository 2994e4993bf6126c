/**
 * Polls until `probe` answers something. The events feed shows an event once every older
 * transaction of the database server has ended (so a keyset walk never skips a late commit): on
 * a busy shared server that can be a moment after the write's answer.
 */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  { timeoutMs = 30_000, everyMs = 100 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`nothing within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
