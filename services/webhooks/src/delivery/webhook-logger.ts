/** pino's Logger satisfies it. */
export interface WebhookLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export const silentLogger: WebhookLogger = { info() {}, warn() {}, error() {} };
