import { PLAIN_TEXT_CONTENT_MAX_LENGTH } from '@brand-api/contracts';
import { compile } from 'html-to-text';

/**
 * Comment HTML as the plain text `post_comment.created` carries. Links keep their text only
 * (receivers get the comment, not our markup); images are dropped; no hard line wrapping.
 */
const toText = compile({
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
  ],
});

const ellipsis = '…';

/**
 * The comment's plain text, cut to `PLAIN_TEXT_CONTENT_MAX_LENGTH` (500) UTF-16 code units,
 * an ellipsis marking the cut. It never splits a surrogate pair, so the result stays valid text.
 */
export function plainTextContent(html: string, maxLength = PLAIN_TEXT_CONTENT_MAX_LENGTH): string {
  return truncate(toText(html).trim(), maxLength);
}

export function truncate(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let end = maxLength - ellipsis.length;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end).trimEnd()}${ellipsis}`;
}
