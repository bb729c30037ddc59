import { portToken } from './port-token';
export interface NewWebSession {
  /** SHA-256 (hex) of the cookie's token; the token itself is never stored. */
  tokenHash: string;
  userId: number;
  expiresAt: Date;
  /** The browser's User-Agent header as sent, if any. */
  userAgent?: string | null;
  /** The browser's address cut to /24 or /48 (`networkOf`), if known. */
  address?: string | null;
}

export interface WebSession {
  id: number;
  tokenHash: string;
  userId: number;
  expiresAt: Date;
  userAgent: string | null;
  address: string | null;
  createdAt: Date;
  /** When the session was last used, to within SESSION_SEEN_EVERY_S (it starts at `createdAt`). */
  lastSeenAt: Date;
}

/** Signed-in browsers of the web pages. */
export interface SessionRepository {
  create(session: NewWebSession, now: Date): Promise<number>;
  findByHash(tokenHash: string): Promise<WebSession | null>;
  /** The member's sessions that have not expired by `now`, last seen first. */
  listOfUser(userId: number, now: Date): Promise<WebSession[]>;
  /** Records that a session was used at `now`. */
  touch(id: number, now: Date): Promise<void>;
  /** Ends a session; ending one that does not exist does nothing. */
  delete(tokenHash: string): Promise<void>;
  /** Ends the member's session with this id; answers false when the member has none with it. */
  deleteOfUser(userId: number, id: number): Promise<boolean>;
  /** Ends every session of the member but the one with `exceptTokenHash`, if given; answers how many ended. */
  deleteAllOfUser(userId: number, exceptTokenHash?: string): Promise<number>;
}
export const SESSION_REPOSITORY = portToken<SessionRepository>('SessionRepository');
