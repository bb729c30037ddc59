import type { AccessTokenRepository } from './access-token-repository';
import type { AccountTokenRepository } from './account-token-repository';
import type { AuthorizationCodeRepository } from './authorization-code-repository';
import type { BlockRepository } from './block-repository';
import type { ClientRepository } from './client-repository';
import type { CommentRepository } from './comment-repository';
import type { CommentViews } from './comment-views';
import type { FavoriteRepository } from './favorite-repository';
import type { FindRepository } from './find-repository';
import type { FollowRepository } from './follow-repository';
import type { MailOutbox } from './mail-outbox';
import type { NoteRepository } from './note-repository';
import type { NoteViews } from './note-views';
import type { NotemapRepository } from './notemap-repository';
import type { NotemapViews } from './notemap-views';
import type { PlaceViews } from './place-views';
import type { RefreshTokenRepository } from './refresh-token-repository';
import type { ResetRequests } from './reset-requests';
import type { SignUpLog } from './sign-up-log';
import type { SessionRepository } from './session-repository';
import type { UserRepository } from './user-repository';
import { portToken } from './port-token';

/** The repositories bound to one transaction. */
export interface Repositories {
  users: UserRepository;
  notes: NoteRepository;
  clients: ClientRepository;
  tokens: AccessTokenRepository;
  favorites: FavoriteRepository;
  finds: FindRepository;
  follows: FollowRepository;
  blocks: BlockRepository;
  comments: CommentRepository;
  notemaps: NotemapRepository;
  codes: AuthorizationCodeRepository;
  refreshTokens: RefreshTokenRepository;
  sessions: SessionRepository;
  /** Mail to send, queued with the write that causes it. */
  mail: MailOutbox;
  /** The single-use links that mails carry. */
  accountTokens: AccountTokenRepository;
  /** "Forgot your password?" requests waiting for the mail worker. */
  resetRequests: ResetRequests;
  /** Web sign-ups per client address, for SIGNUP_LIMIT_PER_HOUR. */
  signUps: SignUpLog;
  /** The read models as this transaction sees them: what a GET by the caller would show right now. */
  views: TransactionViews;
}

export interface TransactionViews {
  notes: NoteViews;
  comments: CommentViews;
  notemaps: NotemapViews;
  places: PlaceViews;
}

/** Runs work in one transaction: all of its writes land, or none do. */
export interface UnitOfWork {
  run<T>(work: (repositories: Repositories) => Promise<T>): Promise<T>;
}
export const UNIT_OF_WORK = portToken<UnitOfWork>('UnitOfWork');
