/** What the CLI talks to: its output streams, environment and HTTP client, injected for tests. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
  fetch?: typeof fetch;
  /** Check every answer against its operation's response schema in the contracts (tests). */
  checkResponses?: boolean;
}
