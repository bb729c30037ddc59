import type { Repositories } from '../ports/unit-of-work';

/** Where a refresh token sits in its family: the grant it descends from and the access token issued with it. */
export interface FamilyMember {
  /** The refresh token's id. */
  id: number;
  accessTokenId: number | null;
  /** The authorization code the grant started from; every refresh carries it on, so it names the family. */
  authorizationCodeId: number | null;
}

/**
 * Revokes every access and refresh token descended from the same authorization as `member`: a refresh token
 * that comes back after it was used means two parties hold it, and the server cannot tell which is the
 * client (RFC 9700 §4.14.2). Run inside the unit of work that found the replay.
 */
export async function revokeFamily({ tokens, refreshTokens }: Pick<Repositories, 'tokens' | 'refreshTokens'>, member: FamilyMember, now: Date): Promise<void> {
  if (member.authorizationCodeId !== null) {
    await refreshTokens.revokeForAuthorizationCode(member.authorizationCodeId, now);
    await tokens.revokeForAuthorizationCode(member.authorizationCodeId, now);
    return;
  }
  // A grant without a code (none issues refresh tokens today): the pair itself.
  await refreshTokens.revoke(member.id, now);
  if (member.accessTokenId !== null) {
    await tokens.revoke(member.accessTokenId, now);
    await refreshTokens.revokeForAccessToken(member.accessTokenId, now);
  }
}
