/**
 * The samples declare their own small types so a brand developer can copy them as they are.
 * This file makes the compiler prove those types agree with the real contracts: what the API
 * answers must fit what the samples read, and what the samples send must be what the API
 * accepts. A contract change that breaks a sample fails the docs type-check in CI. The samples
 * that use @brand-api/client need no such proof: the client's types are the contracts'.
 */
import type {
  ErrorBody,
  Member as ContractMember,
  MemberList,
  WebhookEvent as ContractWebhookEvent,
} from '@brand-api/contracts';
import type { BrandApiErrorBody } from './brand-api-client';
import type { Member, Page } from './first-call';
import type { WebhookEvent } from './verify-webhook';

type Assert<T extends true> = T;
type Fits<A, B> = [A] extends [B] ? true : false;

// The API answers → the samples read.
export type ErrorBodyFits = Assert<Fits<ErrorBody, BrandApiErrorBody>>;
export type MemberFits = Assert<Fits<ContractMember, Member>>;
export type MemberPageFits = Assert<Fits<MemberList, Page<Member>>>;
export type WebhookFits = Assert<Fits<ContractWebhookEvent, WebhookEvent>>;
