import { Compile } from 'typebox/compile';
import { PLAIN_TEXT_CONTENT_MAX_LENGTH, webhookEventTypes } from './webhook-data';
import { WebhookEvent, webhookExamples, webhookSchemas } from './webhook-envelope';

describe('webhook payloads', () => {
  it('cover the five event types of SPEC §7', () => {
    expect([...webhookEventTypes].sort()).toEqual(
      [
        'post.created',
        'post.liked',
        'post_comment.created',
        'post_comment.liked',
        'user.joined',
      ].sort(),
    );
    expect(Object.keys(webhookExamples).sort()).toEqual([...webhookEventTypes].sort());
  });

  it.each(webhookEventTypes.map((t) => [t]))(
    '%s example validates as itself and as a webhook event',
    (type) => {
      const example = webhookExamples[type];
      expect(example.type).toBe(type);
      expect(Compile(webhookSchemas[type]).Errors(example)).toEqual([]);
      expect(Compile(WebhookEvent).Check(example)).toBe(true);
    },
  );

  it('carries the data fields SPEC §3 lists', () => {
    const fields = (type: keyof typeof webhookSchemas) =>
      Object.keys(webhookSchemas[type].properties.data.properties).sort();
    expect(fields('user.joined')).toEqual(['email', 'phoneNumber', 'user', 'userId']);
    expect(fields('post.created')).toEqual(['postId', 'title', 'user', 'userId']);
    expect(fields('post.liked')).toEqual(['postId', 'user', 'userId']);
    expect(fields('post_comment.created')).toEqual([
      'plainTextContent',
      'postCommentId',
      'postId',
      'postTitle',
      'user',
      'userId',
    ]);
    expect(fields('post_comment.liked')).toEqual([
      'postCommentId',
      'postId',
      'postTitle',
      'user',
      'userId',
    ]);
  });

  it('refuses an envelope whose type does not match its data, and untruncated comment text', () => {
    const validate = Compile(WebhookEvent);
    expect(validate.Check({ ...webhookExamples['post.liked'], type: 'user.joined' })).toBe(false);
    const created = webhookExamples['post_comment.created'];
    const long = {
      ...created,
      data: { ...created.data, plainTextContent: 'x'.repeat(PLAIN_TEXT_CONTENT_MAX_LENGTH + 1) },
    };
    expect(validate.Check(long)).toBe(false);
  });
});
