import type { FastifyReply } from 'fastify';
import type { AccountExport } from '../../../application/accounts/export-account';

/** The ZIP of an account, streamed as a download named after the account and the day. */
export function sendExport(reply: FastifyReply, account: AccountExport, today = new Date()): FastifyReply {
  const name = `place-notes-${account.username}-${today.toISOString().slice(0, 10)}.zip`;
  return reply
    .type('application/zip')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(account.output);
}
