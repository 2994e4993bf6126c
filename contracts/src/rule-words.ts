/**
 * What the contracts' patterns and formats mean, in the words a validation message uses, so a
 * client reads "must be an http:// or https:// URL" rather than a regular expression. Every
 * pattern a request schema uses is listed here (a contracts test checks it).
 */
import { EventTypesFilter } from './events-feed/feed-event';
import { ENTITY_KIND_PATTERN, PROJECTION_NAME_PATTERN } from './operator/tools';
import {
  CURRENCY_CODE_PATTERN,
  DATE_TIME_PATTERN,
  HEX_COLOR_PATTERN,
  HTTP_URL_PATTERN,
  PHONE_NUMBER_PATTERN,
  WEBHOOK_MESSAGE_ID_PATTERN,
} from './primitives';
import { RETURN_TO_PATTERN } from './requests/magic-link';
import { webhookEventTypes } from './webhooks';

const patternWords = new Map<string, string>([
  [
    DATE_TIME_PATTERN,
    'must be an instant from year 0001 to 9999 with a UTC offset of at most ±15:59 and seconds from 00 to 59',
  ],
  [HTTP_URL_PATTERN, 'must be an absolute http:// or https:// URL'],
  [
    HEX_COLOR_PATTERN,
    'must be a hex colour: # and 3, 4, 6 or 8 hexadecimal digits, such as #6b21a8',
  ],
  [
    CURRENCY_CODE_PATTERN,
    'must be an ISO 4217 currency code of three capital letters, such as EUR',
  ],
  [
    PHONE_NUMBER_PATTERN,
    'must be an E.164 phone number: + and 7 to 15 digits, the first not 0, such as +447700900123',
  ],
  [
    RETURN_TO_PATTERN,
    'must be a relative path on the community site starting with a single /, such as /rooms/general',
  ],
  [ENTITY_KIND_PATTERN, 'must be an entity kind in lower case, such as product or member-group'],
  [
    (EventTypesFilter() as unknown as { pattern: string }).pattern,
    `must list event types separated by commas, without spaces: ${webhookEventTypes.join(', ')}`,
  ],
  [PROJECTION_NAME_PATTERN, 'must be a projection name (letters, digits, _ . : -), or all'],
  [
    WEBHOOK_MESSAGE_ID_PATTERN,
    'must be a webhook message id: msg_ and 27 letters, digits, _ or -, such as msg_2Kq8c7Q1mW3xV9bN0pL5tY4rZ6a',
  ],
]);

const formatWords = new Map<string, string>([
  ['uri', 'must be an absolute URL, such as https://shop.example.com/products/1'],
  ['email', 'must be an email address, such as ada@example.com'],
  ['uuid', 'must be a UUID, such as 9b2f4c6e-1a3d-4e5f-8a7b-6c5d4e3f2a1b'],
  ['date-time', 'must be an RFC 3339 date-time with a UTC offset, such as 2025-03-01T10:15:00Z'],
]);

/** The words for a schema pattern; undefined for one the contracts do not use. */
export function patternInWords(pattern: string): string | undefined {
  return patternWords.get(pattern);
}

/** The words for a string format (`uri`, `email`, `uuid`, `date-time`). */
export function formatInWords(format: string): string | undefined {
  return formatWords.get(format);
}
