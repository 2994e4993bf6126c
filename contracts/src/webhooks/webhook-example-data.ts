import type { UserReference } from '../entities/user-reference';
import type { WebhookDataOf, WebhookEventType } from './webhook-data';

const ada: UserReference = {
  id: '5f0c6d1e-8a4b-4c3d-9e2f-1a2b3c4d5e6f',
  customAuthSub: 'auth0|64f1c2d3e4',
  email: 'ada@example.com',
};
const grace: UserReference = {
  id: '8c1a3e5b-7d9f-4b2c-a4e6-0f1b3d5c7e9a',
  customAuthSub: null,
  email: 'grace@example.com',
};
const postId = 'e1d2c3b4-a5f6-4789-8abc-def012345678';
const postTitle = 'First run in the Trail Runner 2';
const postCommentId = '4b6d8f0a-2c4e-4a6c-8e0a-2c4e6a8c0e2f';

/** Example data of each webhook event type; typed so that a drifting example fails to compile. */
export const webhookExampleData: { [T in WebhookEventType]: WebhookDataOf<T> } = {
  'user.joined': { userId: ada.id, email: ada.email, phoneNumber: '+447700900123', user: ada },
  'post.created': { postId, userId: ada.id, user: ada, title: postTitle },
  'post.liked': { postId, userId: grace.id, user: grace },
  'post_comment.created': {
    postId,
    postTitle,
    postCommentId,
    plainTextContent: 'Same here, they dried in an hour after the river crossing.',
    userId: grace.id,
    user: grace,
  },
  'post_comment.liked': { postId, postTitle, postCommentId, userId: ada.id, user: ada },
};
