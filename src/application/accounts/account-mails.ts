import { createHash } from 'node:crypto';
import { gravatarInput } from '../../domain/user';
import { newSecret, sha256Hex } from '../auth/secrets';
import type { AccountTokenPurpose } from '../ports/account-token-repository';
import type { MailKind } from '../ports/mail-outbox';
import type { Repositories } from '../ports/unit-of-work';

/** How long the links live (docs/security.md, Accounts and mail). */
export const VERIFY_LINK_TTL_S = 24 * 60 * 60;
export const RESET_LINK_TTL_S = 60 * 60;
/** At most this many mails of a throttled kind (a verification sent again, a password reset) per account in any hour. */
export const MAILS_PER_HOUR = 3;
export const HOUR_MS = 60 * 60 * 1000;

const PATHS: Record<AccountTokenPurpose, string> = { verify_email: '/verify-email', reset_password: '/reset-password' };

/**
 * Makes a single-use link for an account and queues the mail that carries it, in the caller's transaction: a new
 * link cancels the earlier ones of its purpose; only the token's SHA-256 is stored.
 */
export async function queueLinkMail(
  repositories: Pick<Repositories, 'accountTokens' | 'mail'>,
  link: { userId: number; purpose: AccountTokenPurpose; email: string; kind: MailKind; publicUrl: string; now: Date },
  write: (url: string) => { subject: string; text: string },
): Promise<void> {
  const token = newSecret();
  const ttlS = link.purpose === 'verify_email' ? VERIFY_LINK_TTL_S : RESET_LINK_TTL_S;
  await repositories.accountTokens.replaceOpen(link.userId, link.purpose, link.now);
  await repositories.accountTokens.create({
    tokenHash: sha256Hex(token), userId: link.userId, purpose: link.purpose, email: link.email,
    expiresAt: new Date(link.now.getTime() + ttlS * 1000),
  }, link.now);
  const url = `${link.publicUrl}${PATHS[link.purpose]}?token=${encodeURIComponent(token)}`;
  await repositories.mail.enqueue({ to: link.email, ...write(url), kind: link.kind, userId: link.userId }, link.now);
}

/** The verification mail (at sign-up, sent again, or for a new address). */
export function verificationMail(username: string, newAddress: boolean) {
  return (url: string) => ({
    subject: 'Verify your e-mail address for Place Notes',
    text: `Hello ${username},\n\n${newAddress
      ? 'you asked to use this address for your Place Notes account. Once you verify it, it replaces the address you had.'
      : 'please verify the e-mail address of your Place Notes account.'}\nOpen this link and press "Verify" (it works once, for 24 hours):\n\n${url}\n\nIf you did not ask for this, ignore this mail.\n`,
  });
}

/** The password reset mail. */
export function resetMail(username: string) {
  return (url: string) => ({
    subject: 'Reset your Place Notes password',
    text: `Hello ${username},\n\nsomeone (we hope you) asked to reset the password of your Place Notes account.\nOpen this link to choose a new one (it works once, for 1 hour):\n\n${url}\n\nSetting a new password signs out every browser signed in to the account.\nIf you did not ask for this, ignore this mail: your password stays as it is.\n`,
  });
}

/** The notice to the old address when a change of address is asked. */
export function emailChangeNotice(username: string, newEmail: string): { subject: string; text: string } {
  return {
    subject: 'Your Place Notes e-mail address is being changed',
    text: `Hello ${username},\n\nsomeone signed in to your Place Notes account asked to change its e-mail address to ${newEmail}.\nThe new address takes effect once it is verified through the link sent to it; until then this address stays.\n\nIf this was not you, change your password at once.\n`,
  };
}

/** Gravatar's hash of an address (the avatar of an account follows its e-mail address). */
export function avatarHashOf(email: string): string {
  return createHash('md5').update(gravatarInput(email), 'utf8').digest('hex');
}
