/**
 * The Post aggregate: a member's post in a room. Stream `post-<postId>` holds its creation and
 * pins; likes are in streams of their own (like.ts).
 */
import type {
  Post,
  PostCreated,
  PostEvent,
  PostPinned,
  PostType,
  PostUnpinned,
} from '@brand-api/contracts';
import { unreachable } from '../errors';

export type { PostEvent };

export const postStreamName = (postId: string): string => `post-${postId}`;

export interface LivePost {
  status: 'active';
  id: string;
  roomId: string;
  authorId: string;
  type: PostType;
  title: string;
  contentHtml: string;
  isPinned: boolean;
  isPublished: boolean;
  createdAt: string;
  publishedAt: string | null;
}

export type PostState = { status: 'absent' } | LivePost;

/** Events of the post stream itself. */
export type PostStreamEvent = PostCreated | PostPinned | PostUnpinned;

export function evolvePost(state: PostState, event: PostStreamEvent): PostState {
  switch (event.type) {
    case 'PostCreated':
      return {
        status: 'active',
        id: event.data.postId,
        roomId: event.data.roomId,
        authorId: event.data.memberId,
        type: event.data.type,
        title: event.data.title,
        contentHtml: event.data.contentHtml,
        isPinned: false,
        isPublished: event.data.isPublished,
        createdAt: event.data.createdAt,
        publishedAt: event.data.publishedAt,
      };
    case 'PostPinned':
      return state.status === 'active' ? { ...state, isPinned: true } : state;
    case 'PostUnpinned':
      return state.status === 'active' ? { ...state, isPinned: false } : state;
    default:
      return unreachable(event);
  }
}

/** The post as the Brand API shows it; `url` is where the community site shows it. */
export function postView(state: LivePost, url: string): Post {
  return {
    id: state.id,
    roomId: state.roomId,
    userId: state.authorId,
    url,
    title: state.title,
    contentHtml: state.contentHtml,
    isPinned: state.isPinned,
    createdAt: state.createdAt,
    publishedAt: state.publishedAt,
    isPublished: state.isPublished,
    type: state.type,
  };
}
