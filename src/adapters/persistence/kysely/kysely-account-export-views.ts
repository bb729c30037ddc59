import { sql, type Kysely, type RawBuilder } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type {
  AccountExportViews, ExportCursor, ExportedComment, ExportedImage, ExportedNote, ExportedNotemap, ExportedProfile,
  ExportedRelation, RelationKind,
} from '../../../application/ports/account-export';
import { KYSELY } from './database';
import { LOCATION_COLUMNS, toLocation } from './location-row';
import type { Schema } from './schema';

/** `(created_at, id) < cursor` for the columns given, or true from the start: the seek of a newest-first page. */
function after(at: string, id: string, cursor: ExportCursor | null): RawBuilder<boolean> {
  return cursor === null ? sql<boolean>`true` : sql<boolean>`(${sql.ref(at)}, ${sql.ref(id)}) < (${cursor.at}, ${cursor.id})`;
}

interface RelationRow {
  id: number;
  created_at: Date;
  about: Record<string, string | null> | null;
}

/** Each kind of relation: its table, whose it is, what it is to, and what names that. */
const RELATIONS: Record<RelationKind, { table: string; user: string; target: string; about: RawBuilder<unknown> | null }> = {
  favoriteNotes: { table: 'note_favorites', user: 'user_id', target: 'note_id', about: null },
  favoriteComments: { table: 'comment_favorites', user: 'user_id', target: 'comment_id', about: null },
  finds: { table: 'note_finds', user: 'user_id', target: 'note_id', about: null },
  followedUsers: {
    table: 'user_follows', user: 'follower_id', target: 'followed_id',
    about: sql`(select json_build_object('username', u.username) from users u where u.id = r.followed_id)`,
  },
  followedNotemaps: {
    table: 'notemap_follows', user: 'user_id', target: 'notemap_id',
    about: sql`(select json_build_object('name', m.name) from notemaps m where m.id = r.notemap_id)`,
  },
  followedPlaces: {
    table: 'place_follows', user: 'user_id', target: 'place_id',
    about: sql`(select json_build_object('city', p.city, 'state', p.state, 'country', p.country) from places p where p.id = r.place_id)`,
  },
};

/** A user's own data for their export: one statement per page, each a seek along an index by (owner, created_at, id). */
@injectable()
export class KyselyAccountExportViews implements AccountExportViews {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  async profile(userId: number): Promise<ExportedProfile | null> {
    const row = await this.db.selectFrom('users').where('id', '=', userId)
      .select(['id', 'username', 'email', 'name', 'description', 'blog_url', 'hometown', 'twitter', 'created_at', 'avatar_key'])
      .executeTakeFirst();
    if (row === undefined) return null;
    return {
      id: row.id, username: row.username, email: row.email, name: row.name, description: row.description,
      blogUrl: row.blog_url, hometown: row.hometown, twitter: row.twitter, createdAt: row.created_at, avatarKey: row.avatar_key,
    };
  }

  async notes(userId: number, cursor: ExportCursor | null, limit: number): Promise<ExportedNote[]> {
    const rows = await this.db.selectFrom('notes as n')
      .where('n.author_id', '=', userId)
      .where(after('n.created_at', 'n.id', cursor))
      .select([
        'n.id', 'n.title', 'n.message', 'n.visibility', 'n.location_precision', ...LOCATION_COLUMNS.map((c) => `n.${c}` as const),
        'n.image_key', 'n.image_width', 'n.image_height', 'n.created_at', 'n.updated_at',
        sql<string[] | null>`(select json_agg(t.name order by nt.position) from note_tags nt join tags t on t.id = nt.tag_id
          where nt.note_id = n.id)`.as('tags'),
        sql<string[] | null>`(select json_agg(u.username order by u.username) from note_recipients nr join users u on u.id = nr.user_id
          where nr.note_id = n.id)`.as('recipients'),
      ])
      .orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      message: row.message,
      visibility: row.visibility,
      locationPrecision: row.location_precision,
      location: toLocation(row),
      tags: row.tags ?? [],
      recipients: row.recipients ?? [],
      image: row.image_key === null ? null : { key: row.image_key, width: row.image_width ?? 0, height: row.image_height ?? 0 },
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
  }

  async noteImages(userId: number, cursor: ExportCursor | null, limit: number): Promise<ExportedImage[]> {
    const rows = await this.db.selectFrom('notes as n')
      .where('n.author_id', '=', userId)
      .where('n.image_key', 'is not', null)
      .where(after('n.created_at', 'n.id', cursor))
      .select(['n.id', 'n.image_key', 'n.created_at'])
      .orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').limit(limit)
      .execute();
    return rows.map((row) => ({ id: row.id, key: row.image_key!, createdAt: row.created_at }));
  }

  async comments(userId: number, cursor: ExportCursor | null, limit: number): Promise<ExportedComment[]> {
    const rows = await this.db.selectFrom('comments as c')
      .where('c.author_id', '=', userId)
      .where(after('c.created_at', 'c.id', cursor))
      .select(['c.id', 'c.note_id', 'c.title', 'c.body', 'c.created_at', 'c.updated_at'])
      .orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.id, noteId: row.note_id, title: row.title, comment: row.body, createdAt: row.created_at, updatedAt: row.updated_at,
    }));
  }

  async notemaps(userId: number, cursor: ExportCursor | null, limit: number): Promise<ExportedNotemap[]> {
    const rows = await this.db.selectFrom('notemaps as m')
      .where('m.owner_id', '=', userId)
      .where(after('m.created_at', 'm.id', cursor))
      .select(['m.id', 'm.name', 'm.description', 'm.created_at', 'm.updated_at',
        sql<number[] | null>`(select json_agg(mn.note_id order by mn.added_at, mn.note_id) from notemap_notes mn
          where mn.notemap_id = m.id)`.as('note_ids')])
      .orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.id, name: row.name, description: row.description, noteIds: row.note_ids ?? [],
      createdAt: row.created_at, updatedAt: row.updated_at,
    }));
  }

  async relations(userId: number, kind: RelationKind, cursor: ExportCursor | null, limit: number): Promise<ExportedRelation[]> {
    const { table, user, target, about } = RELATIONS[kind];
    const { rows } = await sql<RelationRow>`select r.${sql.ref(target)} as id, r.created_at, ${about ?? sql`null`} as about
      from ${sql.table(table)} r
      where r.${sql.ref(user)} = ${userId} and ${after('r.created_at', `r.${target}`, cursor)}
      order by r.created_at desc, r.${sql.ref(target)} desc
      limit ${limit}`.execute(this.db);
    return rows.map((row) => ({ id: row.id, createdAt: row.created_at, about: row.about ?? {} }));
  }
}
