import { KyselyAccountExportViews } from '../../src/adapters/persistence/kysely/kysely-account-export-views';
import { KyselyTwoStepRepository } from '../../src/adapters/persistence/kysely/kysely-two-step-repository';
import { KyselyChangeFeed } from '../../src/adapters/persistence/kysely/kysely-change-feed';
import type { Database } from '../../src/adapters/persistence/kysely/database';
import { KyselyAuthorizationViews } from '../../src/adapters/persistence/kysely/kysely-authorization-views';
import { KyselyCommentViews } from '../../src/adapters/persistence/kysely/kysely-comment-views';
import { KyselyBlockViews } from '../../src/adapters/persistence/kysely/kysely-block-views';
import { KyselyFollowViews } from '../../src/adapters/persistence/kysely/kysely-follow-views';
import { KyselyNoteUserListViews } from '../../src/adapters/persistence/kysely/kysely-note-user-list-views';
import { KyselyNoteInserts } from '../../src/adapters/persistence/kysely/kysely-note-inserts';
import { KyselyNoteViews } from '../../src/adapters/persistence/kysely/kysely-note-views';
import { KyselyPlaceViews } from '../../src/adapters/persistence/kysely/kysely-place-views';
import { KyselyNotemapUserViews } from '../../src/adapters/persistence/kysely/kysely-notemap-user-views';
import { KyselyNotemapViews } from '../../src/adapters/persistence/kysely/kysely-notemap-views';
import { KyselyNotePageViews } from '../../src/adapters/persistence/kysely/kysely-note-page-views';
import { KyselySitemapViews } from '../../src/adapters/persistence/kysely/kysely-sitemap-views';
import { kyselyRepositories } from '../../src/adapters/persistence/kysely/kysely-repositories';
import { KyselyTagViews } from '../../src/adapters/persistence/kysely/kysely-tag-views';
import { KyselyUnitOfWork } from '../../src/adapters/persistence/kysely/kysely-unit-of-work';
import { KyselyUserViews } from '../../src/adapters/persistence/kysely/kysely-user-views';
import { KyselyViewCounter } from '../../src/adapters/persistence/kysely/kysely-view-counter';
import type { ContractAdapters } from './contract-adapters';

/** The Kysely adapters over one open database, as the contract suite drives them. */
export function kyselyAdapters(database: Database): ContractAdapters {
  const { kysely } = database;
  return {
    repositories: kyselyRepositories(kysely),
    uow: new KyselyUnitOfWork(kysely),
    noteViews: new KyselyNoteViews(kysely),
    noteInserts: new KyselyNoteInserts(kysely),
    userViews: new KyselyUserViews(kysely),
    tagViews: new KyselyTagViews(kysely),
    viewCounter: new KyselyViewCounter(kysely),
    commentViews: new KyselyCommentViews(kysely),
    noteUserLists: new KyselyNoteUserListViews(kysely),
    followViews: new KyselyFollowViews(kysely),
    blockViews: new KyselyBlockViews(kysely),
    placeViews: new KyselyPlaceViews(kysely),
    notemapViews: new KyselyNotemapViews(kysely),
    notemapUserViews: new KyselyNotemapUserViews(kysely),
    authorizationViews: new KyselyAuthorizationViews(kysely),
    sitemapViews: new KyselySitemapViews(kysely),
    notePageViews: new KyselyNotePageViews(kysely),
    accountExport: new KyselyAccountExportViews(kysely),
    changeFeed: new KyselyChangeFeed(kysely),
    twoStep: new KyselyTwoStepRepository(kysely),
    close: () => database.close(),
  };
}
