import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type DomainErrorKind } from '../../domain/domain-error';
import { errorPage } from './account.pages';
import { sendPage } from './web-response';

const STATUS: Record<DomainErrorKind, number> = {
  invalid: 400, unauthenticated: 401, invalid_token: 401, forbidden: 403, insufficient_scope: 403, not_found: 404, conflict: 409,
};

/** The CSRF plugin's refusals: a form that did not come from our own page. */
const CSRF_CODES = new Set(['FST_CSRF_MISSING_SECRET', 'FST_CSRF_INVALID_TOKEN']);

/** For the web pages' scope: every failure is an HTML page in the shared layout, never JSON. */
export function webErrorHandler(error: FastifyError | DomainError, request: FastifyRequest, reply: FastifyReply): void {
  const user = request.webUser ?? null;
  if (error instanceof DomainError) {
    void sendPage(reply, STATUS[error.kind], errorPage(user, 'Something is not right', error.message));
    return;
  }
  if (CSRF_CODES.has(error.code)) {
    request.log.info({ status: 403 }, 'refused a form without a valid CSRF token');
    void sendPage(reply, 403, errorPage(user, 'This form has expired',
      'The form was not sent from this site, or it is too old. Go back, reload the page and try again.'));
    return;
  }
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    void sendPage(reply, status, errorPage(user, 'The request could not be handled', status === 415
      ? 'Send the form as application/x-www-form-urlencoded.'
      : 'The request is malformed.'));
    return;
  }
  request.log.error({ err: error }, 'a web page failed');
  void sendPage(reply, 500, errorPage(user, 'Something went wrong', `An internal error happened (request ${request.id}). Please try again.`));
}
