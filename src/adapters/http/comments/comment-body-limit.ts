import { COMMENT_MAX } from '../../../domain/comment';

/**
 * The body limit of the routes that take a comment: the largest legal comment (16,777,215 code points)
 * at 4 bytes each, the most UTF-8 needs, plus 64 KiB for the title, the token and the JSON or form around
 * them. Escapes cost more than that (`\u0001` in JSON, `%F0%9F%98%80` in a form), so a client sending
 * the largest comments sends its characters unescaped, as JSON allows for all but quotes, backslashes
 * and control characters. Anything larger is refused with 413 before it is read.
 */
export const COMMENT_BODY_LIMIT = 4 * COMMENT_MAX + 64 * 1024;
