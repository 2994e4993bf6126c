import type { PostLiked, PostType } from '@brand-api/contracts';
import type { ActingMember } from '../member/acting-member';
import { actingFields, assertMayAct, assertModerator } from '../member/acting-member';
import type { RoomState } from '../room/room';
import type { LikeState } from '../like';
import type { LivePost, PostState, PostStreamEvent } from './post';
import { existing, invalid, notFound, unreachable, assertNew } from '../errors';
import { requiredText } from '../text-field';

export interface CreatePost {
  type: 'CreatePost';
  data: {
    postId: string;
    /** The room as loaded from its stream (absent when unknown or another brand's). */
    room: RoomState;
    actor: ActingMember;
    type: PostType;
    title: string;
    /** Already sanitised with the allow-list by the edge. */
    contentHtml: string;
    now: string;
  };
}

/** Moderators and admins pin a post, or unpin it. */
export interface PinPost {
  type: 'PinPost' | 'UnpinPost';
  data: { actor: ActingMember };
}

export type PostCommand = CreatePost | PinPost;

export const maxPostTitleLength = 300;

export function decidePost(command: PostCommand, state: PostState): PostStreamEvent[] {
  switch (command.type) {
    case 'CreatePost':
      return [createPost(command, state)];
    case 'PinPost':
    case 'UnpinPost':
      return changePin(command, state);
    default:
      return unreachable(command);
  }
}

function createPost(command: CreatePost, state: PostState): PostStreamEvent {
  const { postId, room, actor, type, now } = command.data;
  assertMayAct(actor);
  if (room.status !== 'active') throw notFound('Room not found');
  assertNew(state, 'A post with this id already exists');
  const title = requiredText(command.data.title, ['title'], maxPostTitleLength);
  const contentHtml = requireContentHtml(command.data.contentHtml);
  return {
    type: 'PostCreated',
    schemaVersion: 1,
    data: {
      postId,
      roomId: room.id,
      ...actingFields(actor),
      type,
      title,
      contentHtml,
      isPublished: true,
      createdAt: now,
      publishedAt: now,
    },
  };
}

/** Pinning a pinned post, or unpinning one that is not, records nothing. */
function changePin(command: PinPost, state: PostState): PostStreamEvent[] {
  assertModerator(command.data.actor);
  const post = livePost(state);
  const pin = command.type === 'PinPost';
  if (post.isPinned === pin) return [];
  const data = { postId: post.id, roomId: post.roomId };
  return [
    pin
      ? { type: 'PostPinned', schemaVersion: 1, data }
      : { type: 'PostUnpinned', schemaVersion: 1, data },
  ];
}

export function livePost(state: PostState): LivePost {
  return existing(state, 'Post not found');
}

export interface LikePost {
  type: 'LikePost';
  data: { post: PostState; actor: ActingMember };
}

/** Decides on the like stream of one member and post: a second like changes nothing. */
export function decidePostLike(command: LikePost, state: LikeState): PostLiked[] {
  assertMayAct(command.data.actor);
  const post = livePost(command.data.post);
  if (state.liked) return [];
  return [
    {
      type: 'PostLiked',
      schemaVersion: 1,
      data: { postId: post.id, roomId: post.roomId, ...actingFields(command.data.actor) },
    },
  ];
}

/** Sanitising can leave nothing (a post of only a script): such content is refused. */
export function requireContentHtml(html: string): string {
  const contentHtml = html.trim();
  const hasText = contentHtml.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') !== '';
  if (!hasText && !/<img\b/i.test(contentHtml)) {
    throw invalid(['contentHtml'], 'must contain text or an image after unsafe HTML is removed');
  }
  return contentHtml;
}
