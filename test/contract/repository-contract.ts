import { accountExportContract } from './account-export.contract';
import { twoStepContract } from './two-step.contract';
import { changeFeedContract } from './change-feed.contract';
import { clientAndTokenContract } from './clients-and-tokens.contract';
import { oauthGrantsContract } from './oauth-grants.contract';
import { commentsContract } from './comments.contract';
import { Fixtures, type AdapterFactory, type ContractAdapters } from './contract-adapters';
import { favoritesContract } from './favorites.contract';
import { blocksContract } from './blocks.contract';
import { followsContract } from './follows.contract';
import { imagesContract } from './images.contract';
import { noteViewsContract } from './note-views.contract';
import { notemapsContract } from './notemaps.contract';
import { noteRepositoryContract } from './notes.contract';
import { noteInsertsContract } from './note-inserts.contract';
import { placesContract } from './places.contract';
import { notePageViewsContract } from './note-page-views.contract';
import { sitemapViewsContract } from './sitemap-views.contract';
import { tagViewsContract } from './tag-views.contract';
import { unitOfWorkContract } from './unit-of-work.contract';
import { userViewsContract } from './user-views.contract';
import { userRepositoryContract } from './users.contract';
import { viewCounterContract } from './view-counter.contract';

export type { AdapterFactory, ContractAdapters } from './contract-adapters';

/**
 * THE repository contract: every port method and its documented rules, run against one adapter family.
 * The factory is called once; the tests share its storage and keep apart by unique names.
 */
export function repositoryContract(name: string, factory: AdapterFactory): void {
  describe(`repository contract: ${name}`, () => {
    let current: ContractAdapters | null = null;
    const adapters = (): ContractAdapters => {
      if (current === null) throw new Error('the adapters are not open yet');
      return current;
    };
    const fixtures = new Fixtures(adapters);

    beforeAll(async () => {
      current = await factory();
    });
    afterAll(async () => {
      await current?.close();
    });

    userRepositoryContract(adapters, fixtures);
    sitemapViewsContract(adapters, fixtures);
    notePageViewsContract(adapters, fixtures);
    noteRepositoryContract(adapters, fixtures);
    noteInsertsContract(adapters, fixtures);
    unitOfWorkContract(adapters, fixtures);
    clientAndTokenContract(adapters, fixtures);
    oauthGrantsContract(adapters, fixtures);
    twoStepContract(adapters, fixtures);
    noteViewsContract(adapters, fixtures);
    userViewsContract(adapters, fixtures);
    tagViewsContract(adapters, fixtures);
    viewCounterContract(adapters, fixtures);
    commentsContract(adapters, fixtures);
    favoritesContract(adapters, fixtures);
    followsContract(adapters, fixtures);
    blocksContract(adapters, fixtures);
    placesContract(adapters, fixtures);
    notemapsContract(adapters, fixtures);
    imagesContract(adapters, fixtures);
    accountExportContract(adapters, fixtures);
    changeFeedContract(adapters, fixtures);
  });
}
