import type { SitemapEntry } from '../../src/application/ports/sitemap-views';
import type { ContractAdapters, Fixtures } from './contract-adapters';

const ids = (entries: SitemapEntry[]) => entries.map((entry) => entry.id);

/** SitemapViews: public notes, notemaps and users in id order, counted, read in batches from an offset or after an id. */
export function sitemapViewsContract(adapters: () => ContractAdapters, fixtures: Fixtures): void {
  const views = () => adapters().sitemapViews;

  describe('SitemapViews', () => {
    it('counts and lists public notes only, in ascending id order, with when they last changed', async () => {
      const before = await views().counts();
      const author = await fixtures.user();
      const shown = await fixtures.note(author.id, { visibility: 'public' });
      const hidden = await fixtures.note(author.id, { visibility: 'self' });
      const received = await fixtures.note(author.id, { visibility: 'recipients' }, [author.id]);
      const after = await views().counts();
      expect(after.notes).toBe(before.notes + 1);
      expect(after.users).toBe(before.users + 1);
      const all = await views().entries('notes', { offset: 0 }, 1_000_000);
      expect(ids(all)).toContain(shown);
      expect(ids(all)).not.toContain(hidden);
      expect(ids(all)).not.toContain(received);
      expect(ids(all)).toEqual([...ids(all)].sort((a, b) => a - b));
      expect(all.find((entry) => entry.id === shown)?.lastModified).toEqual(expect.any(Number));
    });

    it('reads in batches: from an offset, then after the last id', async () => {
      const author = await fixtures.user();
      for (let i = 0; i < 5; i++) await fixtures.note(author.id, { visibility: 'public' });
      const all = ids(await views().entries('notes', { offset: 0 }, 1_000_000));
      expect(ids(await views().entries('notes', { offset: 2 }, 2))).toEqual(all.slice(2, 4));
      expect(ids(await views().entries('notes', { afterId: all[1]! }, 3))).toEqual(all.slice(2, 5));
      expect(await views().entries('notes', { afterId: all[all.length - 1]! }, 10)).toEqual([]);
    });

    it('lists every notemap and every user, users with their username', async () => {
      const before = await views().counts();
      const owner = await fixtures.user();
      const notemap = await adapters().repositories.notemaps.create(owner.id, { name: fixtures.name('map'), description: null }, fixtures.now());
      expect((await views().counts()).notemaps).toBe(before.notemaps + 1);
      expect(ids(await views().entries('notemaps', { offset: 0 }, 1_000_000))).toContain(notemap);
      const users = await views().entries('users', { offset: 0 }, 1_000_000);
      expect(users.find((entry) => entry.id === owner.id)).toEqual({ id: owner.id, username: owner.username, lastModified: null });
    });
  });
}
