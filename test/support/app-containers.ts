import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { avatarHashOf } from '../../src/application/accounts/account-mails';
import { UNIT_OF_WORK, type UnitOfWork } from '../../src/application/ports/unit-of-work';

/** The container behind each test app, so helpers that hold only the app (a WebAgent) can reach its storage. */
export const appContainers = new WeakMap<FastifyInstance, DependencyContainer>();

/**
 * Marks a member's e-mail address verified, as its link would: for tests about something else than verification
 * (registering applications needs a verified address since §18).
 */
export async function markVerified(app: FastifyInstance, username: string): Promise<void> {
  const container = appContainers.get(app);
  if (container === undefined) throw new Error('not an app made by createTestApp');
  await container.resolve<UnitOfWork>(UNIT_OF_WORK).run(async ({ users }) => {
    const contact = await users.findContact({ login: username });
    if (contact === null) throw new Error(`no account ${username}`);
    await users.setVerifiedEmail(contact.id, contact.email, avatarHashOf(contact.email), new Date());
  });
}
