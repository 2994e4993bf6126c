/**
 * The community API answers what its operations in the contracts describe: each success of a
 * member's day (sign up, post, pin, like, comment) is checked against its response schema.
 */
import { memberCommunityOperations, publicCommunityOperations } from '@brand-api/contracts';
import type { OperationContract } from '@brand-api/contracts';
import { Compile } from 'typebox/compile';
import { brand, createRoom, setMemberRole } from '../testing/community-kit';
import { createTestApp } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

jest.setTimeout(120_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const operations: readonly OperationContract[] = [
  ...publicCommunityOperations,
  ...memberCommunityOperations,
];

/** Asserts the answer matches the operation's response schema, naming the failing fields. */
function expectContractAnswer(operationId: string, body: unknown): void {
  const operation = operations.find((candidate) => candidate.operationId === operationId)!;
  const validator = Compile(operation.response!);
  const errors = [...validator.Errors(body)].map((e) => `${e.instancePath} ${e.message}`);
  expect(errors).toEqual([]);
}

it('answers sign-up, posts, pins, likes and comments as the contracts describe', async () => {
  const { brandId } = await brand(t, { customAuth: false });
  const roomId = await createRoom(t, brandId);
  const community = (path: string) => `/community/v1${path}`;

  const signedUp = await t.http
    .post(community(`/brands/${brandId}/sign-up`))
    .send({ email: 'ada@example.com', firstName: 'Ada' })
    .expect(201);
  expectContractAnswer('signUp', signedUp.body);
  const cookie = (signedUp.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
  const memberId = (signedUp.body as { data: { id: string } }).data.id;
  await setMemberRole(t, brandId, memberId, 'MODERATOR');

  const post = await t.http
    .post(community(`/rooms/${roomId}/posts`))
    .set('cookie', cookie)
    .send({ type: 'TEXT', title: 'Hello', contentHtml: '<p>Hi all</p>' })
    .expect(201);
  expectContractAnswer('createPost', post.body);
  const postId = (post.body as { data: { id: string } }).data.id;

  const answers = {
    pinPost: await t.http.post(community(`/posts/${postId}/pin`)).set('cookie', cookie),
    unpinPost: await t.http.delete(community(`/posts/${postId}/pin`)).set('cookie', cookie),
    likePost: await t.http.post(community(`/posts/${postId}/likes`)).set('cookie', cookie),
    createPostComment: await t.http
      .post(community(`/posts/${postId}/comments`))
      .set('cookie', cookie)
      .send({ contentHtml: '<p>Welcome</p>' }),
  };
  const commentId = (answers.createPostComment.body as { data: { id: string } }).data.id;
  const likedComment = await t.http
    .post(community(`/comments/${commentId}/likes`))
    .set('cookie', cookie);

  for (const [operationId, answer] of [
    ...Object.entries(answers),
    ['likePostComment', likedComment] as const,
  ]) {
    // The operation rides along so that a failure names it.
    expect([operationId, answer.status < 300]).toEqual([operationId, true]);
    expectContractAnswer(operationId, answer.body);
  }
});
