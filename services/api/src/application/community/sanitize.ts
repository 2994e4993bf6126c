import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list for member HTML (posts and comments): text formatting, lists, quotes, code,
 * links and images over http(s). Everything else — scripts, styles, iframes, event handlers,
 * `javascript:` URLs — is removed, and links open without handing over the opener.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'code',
    'pre',
    'hr',
    'a',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
};

// `transformTags` adds rel and target after the attribute filter, so they are allowed here.
options.allowedAttributes = { ...options.allowedAttributes, a: ['href', 'title', 'rel', 'target'] };

export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}
