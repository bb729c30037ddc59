import { sql, type Kysely, type RawBuilder } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { NoteRepository } from '../../../application/ports/note-repository';
import type { Note, NoteContent, NoteImage } from '../../../domain/note';
import { KYSELY } from './database';
import { LOCATION_COLUMNS, toLocation } from './location-row';
import { noteContentColumns } from './note-columns';
import type { Schema } from './schema';
import { upsertPlace } from './upsert-place';
import { upsertTags } from './upsert-tags';

function tagId(ids: ReadonlyMap<string, number>, name: string): number {
  const id = ids.get(name);
  if (id === undefined) throw new Error(`tag ${name} was not stored`);
  return id;
}

export interface NoteTags {
  /** Every tag once, in the note's order. */
  names: string[];
  explicit: ReadonlySet<string>;
}

/** The tags of a note: an explicit tag is kept even if the caller left it out of `tags`. */
export function tagsOf(content: NoteContent): NoteTags {
  return { names: [...new Set([...content.tags, ...content.explicitTags])], explicit: new Set(content.explicitTags) };
}

/**
 * CTEs that create the missing tags (DO NOTHING, as upsertTags: a concurrent writer of the same tag is never blocked),
 * take every tag's id and link them all to the note `noteId` names; `linked` returns the positions it linked.
 */
function linkTags(tags: NoteTags, noteId: RawBuilder<unknown>): RawBuilder<unknown> {
  const input = sql.join(tags.names.map((name, position) => sql`(${name}::text, ${tags.explicit.has(name)}::boolean, ${position}::int4)`));
  return sql`input (name, explicit, position) as (values ${input}),
    created as (
      insert into tags (name) select name from input
      on conflict (name) do nothing
      returning id, name),
    found as (
      select id, name from created
      union all
      select t.id, t.name from tags t join input i on i.name = t.name),
    linked as (
      insert into note_tags (note_id, tag_id, explicit, position)
      select ${noteId}, f.id, i.explicit, i.position from input i join found f on f.name = i.name
      returning position)`;
}

@injectable()
export class KyselyNoteRepository implements NoteRepository {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  async lock(id: number): Promise<void> {
    await this.db.selectFrom('notes').select('id').where('id', '=', id).forUpdate().execute();
  }

  async findById(id: number, options: { lock?: boolean } = {}): Promise<Note | null> {
    const query = this.db
      .selectFrom('notes as n')
      .select(['n.id', 'n.author_id', 'n.title', 'n.message', 'n.visibility', 'n.created_at', 'n.updated_at'])
      .select(['n.image_key', 'n.image_width', 'n.image_height', 'n.location_precision'])
      .select(LOCATION_COLUMNS.map((column) => `n.${column}` as const))
      // Tags and recipients come as arrays in the same statement: one round trip per note.
      .select(sql<string[]>`array(
        select t.name from note_tags nt join tags t on t.id = nt.tag_id
        where nt.note_id = n.id order by nt.position)`.as('tags'))
      .select(sql<string[]>`array(
        select t.name from note_tags nt join tags t on t.id = nt.tag_id
        where nt.note_id = n.id and nt.explicit order by nt.position)`.as('explicit_tags'))
      .select(sql<number[]>`array(
        select r.user_id from note_recipients r where r.note_id = n.id order by r.user_id)`.as('recipient_ids'))
      .where('n.id', '=', id);
    // NO KEY UPDATE: what the counter's update would take, taken before any relation row; inserts' key checks still pass.
    const row = await (options.lock === true ? query.forNoKeyUpdate() : query).executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      authorId: row.author_id,
      title: row.title,
      message: row.message,
      visibility: row.visibility,
      location: toLocation(row),
      locationPrecision: row.location_precision,
      explicitTags: row.explicit_tags,
      tags: row.tags,
      recipientIds: row.recipient_ids,
      image: row.image_key !== null && row.image_width !== null && row.image_height !== null
        ? { key: row.image_key, width: row.image_width, height: row.image_height }
        : null,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  async update(id: number, content: NoteContent, recipientIds: readonly number[] | null, now: Date): Promise<void> {
    const placeId = await upsertPlace(this.db, content.location);
    const result = await this.db
      .updateTable('notes')
      .set({ ...noteContentColumns(content), place_id: placeId, updated_at: now })
      .where('id', '=', id)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return;
    await this.db.deleteFrom('note_tags').where('note_id', '=', id).execute();
    await this.writeTags(id, content);
    if (recipientIds !== null) {
      await this.db.deleteFrom('note_recipients').where('note_id', '=', id).execute();
      await this.writeRecipients(id, recipientIds);
    }
  }

  async setImage(id: number, image: NoteImage | null): Promise<string | null> {
    // The row lock makes two concurrent replacements see each other's key, so neither blob is orphaned.
    const previous = await this.db.selectFrom('notes').select('image_key').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!previous) return null;
    await this.db
      .updateTable('notes')
      .set({ image_key: image?.key ?? null, image_width: image?.width ?? null, image_height: image?.height ?? null })
      .where('id', '=', id)
      .execute();
    return previous.image_key;
  }

  async delete(id: number): Promise<boolean> {
    // Recipients, comments, favorites, finds and notemap entries go by ON DELETE CASCADE, tags by a trigger (0014).
    const result = await this.db.deleteFrom('notes').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  private async writeTags(noteId: number, content: NoteContent): Promise<void> {
    const tags = tagsOf(content);
    if (tags.names.length === 0) return;
    const { rows } = await sql<{ positions: number[] }>`
      with ${linkTags(tags, sql`${noteId}::int4`)} select array(select position from linked) as positions`.execute(this.db);
    await this.linkMissingTags(noteId, tags, rows[0]?.positions ?? []);
  }

  /**
   * Links the tags `linkTags` could not see: one another transaction committed while this one waited for it is
   * outside the statement's snapshot (rare: two notes bringing the same new tag at the same moment).
   */
  private async linkMissingTags(noteId: number, tags: NoteTags, linkedPositions: readonly number[]): Promise<void> {
    if (linkedPositions.length === tags.names.length) return;
    const done = new Set(linkedPositions);
    const missing = tags.names.map((name, position) => ({ name, position })).filter(({ position }) => !done.has(position));
    const ids = await upsertTags(this.db, missing.map(({ name }) => name));
    await this.db
      .insertInto('note_tags')
      .values(missing.map(({ name, position }) => ({ note_id: noteId, tag_id: tagId(ids, name), explicit: tags.explicit.has(name), position })))
      .execute();
  }

  private async writeRecipients(noteId: number, recipientIds: readonly number[]): Promise<void> {
    const unique = [...new Set(recipientIds)];
    if (unique.length === 0) return;
    await this.db
      .insertInto('note_recipients')
      .values(unique.map((userId) => ({ note_id: noteId, user_id: userId })))
      .execute();
  }
}
