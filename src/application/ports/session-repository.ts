import { portToken } from './port-token';
export interface NewWebSession {
  /** SHA-256 (hex) of the cookie's token; the token itself is never stored. */
  tokenHash: string;
  userId: number;
  expiresAt: Date;
}

export interface WebSession extends NewWebSession {
  id: number;
  createdAt: Date;
}

/** Signed-in browsers of the web pages. */
export interface SessionRepository {
  create(session: NewWebSession, now: Date): Promise<number>;
  findByHash(tokenHash: string): Promise<WebSession | null>;
  /** Ends a session; ending one that does not exist does nothing. */
  delete(tokenHash: string): Promise<void>;
  /** Ends every session of the member but the one with `exceptTokenHash`, if given; answers how many ended. */
  deleteAllOfUser(userId: number, exceptTokenHash?: string): Promise<number>;
}
export const SESSION_REPOSITORY = portToken<SessionRepository>('SessionRepository');
