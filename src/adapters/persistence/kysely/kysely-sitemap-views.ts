import { inject, injectable } from 'tsyringe';
import type { Kysely } from 'kysely';
import type { SitemapEntry, SitemapKind, SitemapStart, SitemapViews } from '../../../application/ports/sitemap-views';
import { KYSELY } from './database';
import type { Schema } from './schema';

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** The sitemap's entries by primary key: each batch is an index range scan, the first of a part an offset into it. */
@injectable()
export class KyselySitemapViews implements SitemapViews {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  async counts(): Promise<Record<SitemapKind, number>> {
    const [notes, notemaps, users] = await Promise.all([
      this.db.selectFrom('notes').where('visibility', '=', 'public').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      this.db.selectFrom('notemaps').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      this.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { notes: Number(notes.n), notemaps: Number(notemaps.n), users: Number(users.n) };
  }

  async entries(kind: SitemapKind, start: SitemapStart, limit: number): Promise<SitemapEntry[]> {
    const after = 'afterId' in start ? start.afterId : 0;
    const offset = 'offset' in start ? start.offset : 0;
    switch (kind) {
      case 'notes': {
        const rows = await this.db.selectFrom('notes').select(['id', 'updated_at']).where('visibility', '=', 'public')
          .where('id', '>', after).orderBy('id').limit(limit).offset(offset).execute();
        return rows.map((row) => ({ id: row.id, lastModified: seconds(row.updated_at) }));
      }
      case 'notemaps': {
        const rows = await this.db.selectFrom('notemaps').select(['id', 'updated_at'])
          .where('id', '>', after).orderBy('id').limit(limit).offset(offset).execute();
        return rows.map((row) => ({ id: row.id, lastModified: seconds(row.updated_at) }));
      }
      case 'users': {
        const rows = await this.db.selectFrom('users').select(['id', 'username'])
          .where('id', '>', after).orderBy('id').limit(limit).offset(offset).execute();
        return rows.map((row) => ({ id: row.id, username: row.username, lastModified: null }));
      }
    }
  }
}
