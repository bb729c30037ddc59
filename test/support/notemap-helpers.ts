import type { Kysely } from 'kysely';
import { KYSELY } from '../../src/adapters/persistence/kysely/database';
import type { Schema } from '../../src/adapters/persistence/kysely/schema';
import { MEMORY_STORE, type MemoryStore } from '../../src/adapters/persistence/memory/memory-store';
import type { TestApp } from './test-app';

/**
 * Gives a note an image straight in storage: notemap images come from their notes, and these tests
 * need notes with images whatever way the service later offers to upload one.
 */
export async function setNoteImage(t: TestApp, noteId: number, image: { key: string; width: number; height: number }): Promise<void> {
  if (t.container.isRegistered(MEMORY_STORE, true)) {
    const store = t.container.resolve<MemoryStore>(MEMORY_STORE);
    await store.with((state) => {
      const note = state.notes.find((n) => n.id === noteId);
      if (!note) throw new Error(`no note ${noteId}`);
      note.image = { ...image };
    });
    return;
  }
  const db = t.container.resolve<Kysely<Schema>>(KYSELY);
  await db.updateTable('notes')
    .set({ image_key: image.key, image_width: image.width, image_height: image.height })
    .where('id', '=', noteId)
    .execute();
}

/** Posts a notemap with a `write` token; returns its id. */
export async function postNotemap(t: TestApp, token: string, name: string, description?: string): Promise<number> {
  const res = await t.request({ method: 'POST', url: '/v2/notemaps', token, payload: { name, description } });
  if (res.statusCode !== 201) throw new Error(`creating notemap ${name} answered ${res.statusCode}: ${res.body}`);
  return res.json().data.id;
}

/** Posts a note with a `notes` token; returns its id. */
export async function postNote(t: TestApp, token: string, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await t.request({ method: 'POST', url: '/v2/notes', token, payload: { message: 'A note', latitude: 1, longitude: 2, ...fields } });
  if (res.statusCode !== 201) throw new Error(`creating a note answered ${res.statusCode}: ${res.body}`);
  return res.json().data.id;
}

/** Adds a note to a notemap; returns the status. */
export async function addToNotemap(t: TestApp, token: string, notemapId: number, noteId: number): Promise<number> {
  const res = await t.request({ method: 'POST', url: `/v2/notemaps/${notemapId}/notes`, token, payload: { note_id: noteId } });
  return res.statusCode;
}
