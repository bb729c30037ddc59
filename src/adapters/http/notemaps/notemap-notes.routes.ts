import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { AddNotemapNote } from '../../../application/notemaps/add-notemap-note';
import { ListNotemapNotes } from '../../../application/notemaps/list-notemap-notes';
import { ListNotemapTags } from '../../../application/notemaps/list-notemap-tags';
import { RemoveNotemapNote } from '../../../application/notemaps/remove-notemap-note';
import { IdParams } from '../common.schemas';
import { parseId } from '../ids';
import { Links } from '../links';
import { NoteListQuery, NoteListResponses, noteListFilter, sendNoteList } from '../notes/note-list-query';
import { registerPagedList } from '../paged-list-route';
import { toPageRequest } from '../paging';
import { registerRelationRoutes } from '../relation-routes';
import { presentTag } from '../tags/tag.presenter';
import { Tag } from '../tags/tag.schemas';
import { AddNoteBody, NotemapNoteParams } from './notemap.schemas';

/** The notes of a notemap (all, with images, their tags) and adding or removing one. */
export function registerNotemapNoteRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const links = container.resolve(Links);
  const listNotes = container.resolve(ListNotemapNotes);
  const listTags = container.resolve(ListNotemapTags);
  const addNote = container.resolve(AddNotemapNote);
  const removeNote = container.resolve(RemoveNotemapNote);

  for (const [path, summary, withImage] of [
    ['/v2/notemaps/:id/notes', 'Notes of a notemap', false],
    ['/v2/notemaps/:id/notes_with_images', 'Notes of a notemap that carry an image', true],
  ] as const) {
    api.get(path, {
      schema: {
        summary, tags: ['notemaps'],
        description: `Lists the notes of a notemap${withImage ? ' that carry an image' : ''}, as far as the caller may read them: public notes for `
          + 'anyone, and with a `readall` token also the non-public notes its user may see; an unknown notemap is 404. Takes every note-list parameter '
          + '(`bbox`, `near`, `q`, `tag`, `sort`, `format`, …); follow `nextUrl`, with its `cursor`, for the next page.',
        params: IdParams, querystring: NoteListQuery, response: NoteListResponses,
      },
    }, async (request, reply) => {
      const page = toPageRequest(request.query);
      const filter = { ...noteListFilter(request.query), ...(withImage ? { withImage: true } : {}) };
      const result = await listNotes.execute(request.actor, parseId(request.params.id, 'notemap'), filter, page);
      return sendNoteList(request, reply, result, page, links);
    });
  }

  registerPagedList(app, {
    path: '/v2/notemaps/:id/tags', summary: 'Tags used in the notes of a notemap (the 20 most used)', tags: ['notemaps'],
    description: 'Lists the 20 tags most used among the notemap\'s notes that the caller may read, most used first, then by name; anyone may '
      + 'call, and an unknown notemap is 404. `count` is the size of that short list, which `offset`/`limit` page through.',
    params: IdParams, item: Tag, run: (actor, { id }, page) => listTags.execute(actor, parseId(id, 'notemap'), page), present: (tag) => presentTag(tag, links),
  });

  registerRelationRoutes(app, container, {
    tags: ['notemaps'], scope: 'write', params: IdParams, path: '/v2/notemaps/:id/notes', memberParams: NotemapNoteParams, member: 'note_id', lists: [],
    add: {
      summary: 'Add a note to a notemap (201; 200 when it is already there)', body: AddNoteBody,
      description: 'Adds the note `note_id` to a notemap; only the notemap\'s creator may, with scope `write`, and only a note they may read '
        + '(404 otherwise). Answers 201 when the note is added, 200 when it was already there (nothing changes); the answer holds no data.',
      run: (actor, { id }, { note_id: noteId }) => addNote.execute(actor, parseId(id, 'notemap'), parseId(String(noteId), 'note')),
    },
    remove: {
      summary: 'Remove a note from a notemap',
      description: 'Takes a note out of a notemap (the note itself stays); only the notemap\'s creator may, with scope `write`. 404 when the '
        + 'notemap does not hold the note.',
      run: (actor, { id, note_id: noteId }) => removeNote.execute(actor, parseId(id, 'notemap'), parseId(noteId, 'note')),
    },
  });
}
