import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type DomainErrorKind } from '../../domain/domain-error';
import { errorPage } from './account.pages';
import { isCsrfRefusal } from './csrf';
import type { Html } from './html';
import { sendPage } from './web-response';

/** A page that shows a route's form again with what is wrong, and its status. */
export interface FormErrorPage {
  status: number;
  page: Html;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Page scopes: shows the route's form again for a DomainError that the route threw or that its schema
     * found (kind `invalid`); null leaves the error to the shared error page.
     */
    formErrorPage?: (error: DomainError, request: FastifyRequest, reply: FastifyReply) => FormErrorPage | null | Promise<FormErrorPage | null>;
  }
}

const STATUS: Record<DomainErrorKind, number> = {
  invalid: 400, unauthenticated: 401, invalid_token: 401, forbidden: 403, insufficient_scope: 403, not_found: 404, conflict: 409,
  precondition_failed: 412, unavailable: 503,
};

/** For the web pages' scope: every failure is an HTML page in the shared layout, never JSON. */
export async function webErrorHandler(error: FastifyError | DomainError, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = request.webUser ?? null;
  if (error instanceof DomainError) {
    const form = await request.routeOptions.config.formErrorPage?.(error, request, reply);
    if (form) {
      await sendPage(reply, form.status, form.page);
      return;
    }
    await sendPage(reply, STATUS[error.kind], errorPage(user, 'Something is not right', error.message));
    return;
  }
  // A form that did not come from our own page (csrfProtection has logged it).
  if (isCsrfRefusal(error)) {
    await sendPage(reply, 403, errorPage(user, 'This form has expired',
      'The form was not sent from this site, or it is too old. Go back, reload the page and try again.'));
    return;
  }
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    await sendPage(reply, status, errorPage(user, 'The request could not be handled', status === 415
      ? 'Send the form as application/x-www-form-urlencoded.'
      : 'The request is malformed.'));
    return;
  }
  request.log.error({ err: error }, 'a web page failed');
  await sendPage(reply, 500, errorPage(user, 'Something went wrong', `An internal error happened (request ${request.id}). Please try again.`));
}
