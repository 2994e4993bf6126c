/** The example body of one webhook event type, from contracts (build fails on an unknown type). */
import { contractsData } from './contracts-data';

export function WebhookExample({ type }: { type: string }) {
  const example = contractsData.webhookExamples.find((row) => row.type === type);
  if (example === undefined)
    throw new Error(`No webhook example for event type "${type}" in contracts`);
  return (
    <pre className="language-json" tabIndex={0}>
      <code className="language-json">{example.json}</code>
    </pre>
  );
}

export function WebhookEventTypes() {
  return (
    <ul>
      {contractsData.webhookExamples.map((row) => (
        <li key={row.type}>
          <a href={`#${row.type.replace(/\./g, '')}`}>
            <code>{row.type}</code>
          </a>
        </li>
      ))}
    </ul>
  );
}

export function ApiVersion() {
  return <>{contractsData.apiVersion}</>;
}
