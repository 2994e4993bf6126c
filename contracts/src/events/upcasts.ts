import type { DomainEventType } from './registry';

/**
 * How data stored at `fromVersion` of an event type becomes the data of `fromVersion + 1`
 * (the event store's `EventUpcast`, with the type named among the domain's).
 */
export interface DomainEventUpcast {
  type: DomainEventType;
  fromVersion: number;
  upcast(data: unknown): unknown;
}

/**
 * Every upcast of the domain's events, applied on read by the event store the API opens
 * (`upcastOnRead`): events are never rewritten in the log. None yet: every event type is at
 * version 1. To change an event's shape, see "Changing an event's shape" in the event store's
 * README.
 */
export const domainEventUpcasts: readonly DomainEventUpcast[] = [];
