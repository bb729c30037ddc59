import createError from '@fastify/error';

/**
 * The HTTP layer's own refusals that no DomainError kind names (a transport matter, not a rule of the
 * domain). They carry their status; the error handler's table gives them their envelope type.
 */
export const UnsupportedCharset = createError<[string]>('PN_UNSUPPORTED_CHARSET', 'charset %s is not supported: send UTF-8', 415);
export const MultipartFieldTooLarge = createError('PN_MULTIPART_FIELD_TOO_LARGE', 'a multipart field is too large', 413);
