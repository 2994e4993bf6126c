/** A webhook receiver with the client's verifyWebhook (standardwebhooks underneath). */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { verifyWebhook, WebhookVerificationError } from '@brand-api/client';

async function rawBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

// #region verify-client
export function createReceiver(secret: string): Server {
  return createServer((request, response) => {
    void rawBody(request).then((body) => {
      try {
        const event = verifyWebhook(body, request.headers, secret); // typed by event.type
        if (event.type === 'user.joined') console.log(`welcome ${event.data.email}`);
        response.writeHead(204).end();
      } catch (error) {
        if (!(error instanceof WebhookVerificationError)) throw error;
        response.writeHead(400).end(); // not from the Brand API: ignore it
      }
    });
  });
}
// #endregion verify-client
