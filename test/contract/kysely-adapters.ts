import type { Database } from '../../src/adapters/persistence/kysely/database';
import { KyselyNoteViews } from '../../src/adapters/persistence/kysely/kysely-note-views';
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
    userViews: new KyselyUserViews(kysely),
    tagViews: new KyselyTagViews(kysely),
    viewCounter: new KyselyViewCounter(kysely),
    close: () => database.close(),
  };
}
