import type { Kysely } from 'kysely';
import type { Repositories } from '../../../application/ports/unit-of-work';
import type { AccessTokenCache } from './access-token-cache';
import { KyselyAccessTokenRepository } from './kysely-access-token-repository';
import { KyselyAccountTokenRepository } from './kysely-account-token-repository';
import { KyselyMailOutbox } from './kysely-mail-outbox';
import { KyselyResetRequests } from './kysely-reset-requests';
import { KyselyAuthorizationCodeRepository } from './kysely-authorization-code-repository';
import { KyselyBlockRepository } from './kysely-block-repository';
import { KyselyClientRepository } from './kysely-client-repository';
import { KyselyCommentRepository } from './kysely-comment-repository';
import { KyselyCommentViews } from './kysely-comment-views';
import { KyselyFollowRepository } from './kysely-follow-repository';
import { KyselyNoteMarkRepository } from './kysely-note-mark-repository';
import { KyselyNoteRepository } from './kysely-note-repository';
import { KyselyNoteViews } from './kysely-note-views';
import { KyselyNotemapRepository } from './kysely-notemap-repository';
import { KyselyNotemapViews } from './kysely-notemap-views';
import { KyselyPlaceViews } from './kysely-place-views';
import { KyselyRefreshTokenRepository } from './kysely-refresh-token-repository';
import { KyselySessionRepository } from './kysely-session-repository';
import { KyselySignUpLog } from './kysely-sign-up-log';
import { KyselyUserRepository } from './kysely-user-repository';
import type { Schema } from './schema';

/** Every repository bound to one connection or transaction (a Kysely `Transaction` is a `Kysely`). */
export function kyselyRepositories(db: Kysely<Schema>, tokenCache: AccessTokenCache | null = null): Repositories {
  return {
    users: new KyselyUserRepository(db, tokenCache),
    notes: new KyselyNoteRepository(db),
    clients: new KyselyClientRepository(db),
    tokens: new KyselyAccessTokenRepository(db, tokenCache),
    favorites: new KyselyNoteMarkRepository(db, { table: 'note_favorites', counter: 'favoriters_count' }),
    finds: new KyselyNoteMarkRepository(db, { table: 'note_finds', counter: 'finders_count' }),
    follows: new KyselyFollowRepository(db),
    blocks: new KyselyBlockRepository(db),
    notemaps: new KyselyNotemapRepository(db),
    comments: new KyselyCommentRepository(db),
    codes: new KyselyAuthorizationCodeRepository(db),
    refreshTokens: new KyselyRefreshTokenRepository(db),
    sessions: new KyselySessionRepository(db),
    mail: new KyselyMailOutbox(db),
    accountTokens: new KyselyAccountTokenRepository(db),
    resetRequests: new KyselyResetRequests(db),
    signUps: new KyselySignUpLog(db),
    // Made when first asked for: most transactions never read a view.
    get views() {
      const views = {
        notes: new KyselyNoteViews(db), comments: new KyselyCommentViews(db), notemaps: new KyselyNotemapViews(db), places: new KyselyPlaceViews(db),
      };
      Object.defineProperty(this, 'views', { value: views });
      return views;
    },
  };
}
