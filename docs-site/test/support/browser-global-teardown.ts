export default async function teardown(): Promise<void> {
  await globalThis.__DOCS_SERVER__?.close();
}
