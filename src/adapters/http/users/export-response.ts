import type { FastifyReply } from 'fastify';
import type { AccountExport } from '../../../application/accounts/export-account';

/** The ZIP of an account, streamed as a download (never stored by a cache). */
export function sendExport(reply: FastifyReply, account: AccountExport): FastifyReply {
  return reply
    .type('application/zip')
    .header('content-disposition', `attachment; filename="${account.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(account.output);
}
