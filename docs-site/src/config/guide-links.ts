/**
 * Which guide section explains each operation of the API reference. Added to the operations'
 * descriptions when the OpenAPI document is bundled for the site (scripts/link-guides.ts), so
 * Redoc renders them as links at build time and /api/ gets no heavier; the link checker fails
 * the build when a section they name goes away.
 */
export interface GuideLink {
  label: string;
  href: string;
}

const REST = '/docs/developer/rest-api/';

/** First match wins, by the operation's id. */
const RULES: ReadonlyArray<{ operationId: RegExp; link: GuideLink }> = [
  {
    operationId: /^createMagicLink$/,
    link: {
      label: 'Custom authentication: the sign-in flow',
      href: '/docs/custom-auth/#the-sign-in-flow',
    },
  },
  {
    operationId: /^bulk/,
    link: { label: 'Bulk calls and rate limits', href: `${REST}#bulk-calls-and-rate-limits` },
  },
  {
    operationId: /^(listEvents|streamEvents)$/,
    link: { label: 'Events feed and live stream', href: `${REST}#events-feed-and-live-stream` },
  },
  { operationId: /^list/, link: { label: 'Pagination', href: `${REST}#pagination` } },
  { operationId: /^delete/, link: { label: 'Deleting', href: `${REST}#deleting` } },
  {
    operationId: /^(get|update)/,
    link: {
      label: 'Versions and concurrent writes',
      href: `${REST}#versions-and-concurrent-writes`,
    },
  },
  { operationId: /^create/, link: { label: 'Read-after-write', href: `${REST}#read-after-write` } },
];

/** The guide section of an operation, undefined for operations no guide explains. */
export function guideLinkFor(operationId: string): GuideLink | undefined {
  return RULES.find((rule) => rule.operationId.test(operationId))?.link;
}

/** A webhook's section in the webhooks guide (its heading is the event type). */
export function webhookGuideLink(eventType: string): GuideLink {
  return {
    label: `Webhooks: ${eventType}`,
    href: `/docs/developer/webhooks/#${eventType.toLowerCase().replace(/[^a-z0-9_-]/g, '')}`,
  };
}

export function withGuideLink(description: string | undefined, link: GuideLink): string {
  const line = `**Guide:** [${link.label}](${link.href})`;
  return description === undefined || description === '' ? line : `${description}\n\n${line}`;
}
