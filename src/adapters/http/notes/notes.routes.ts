import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { CreateNote } from '../../../application/notes/create-note';
import { DeleteNote } from '../../../application/notes/delete-note';
import { GetNote } from '../../../application/notes/get-note';
import { ListNotes } from '../../../application/notes/list-notes';
import { UpdateNote } from '../../../application/notes/update-note';
import type { NoteView } from '../../../application/ports/note-views';
import { IdParams } from '../common.schemas';
import { EmptyEnvelope, SingleEnvelope, empty, single } from '../envelope';
import { ifMatchPrecondition } from '../etag';
import { parseId } from '../ids';
import { Links } from '../links';
import { toPageRequest } from '../paging';
import { NoteListQuery, NoteListResponses, noteListFilter, sendNoteList } from './note-list-query';
import { UPLOAD_CONSUMES } from '../images/upload';
import { noteInputFromBody } from './note-input';
import { presentNote } from './note.presenter';
import { Note, NoteBody } from './note.schemas';

// One object for the GET and the If-Match checks: the serialiser is compiled per schema object.
const NOTE_ENVELOPE = SingleEnvelope(Note);

export function registerNoteRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const links = container.resolve(Links);
  const getNote = container.resolve(GetNote);
  const listNotes = container.resolve(ListNotes);
  const createNote = container.resolve(CreateNote);
  const updateNote = container.resolve(UpdateNote);
  const deleteNote = container.resolve(DeleteNote);

  api.get('/v2/notes', {
    schema: {
      summary: 'Get notes', tags: ['notes'],
      description: 'Lists the notes the caller may read, newest first unless `near`, `q` or `sort` orders them otherwise: public notes for anyone, '
        + 'and with a `readall` token also the non-public notes its user may see. Filter with `bbox`, `near`/`radius`, `q`, `tag`, `author`, '
        + '`since`/`until`; page with `offset` and `limit` (at most 100), going on by following `nextUrl`, whose `cursor` keeps deep pages fast. '
        + '`format=geojson` (or `Accept: application/geo+json`) answers a GeoJSON FeatureCollection.',
      querystring: NoteListQuery, response: NoteListResponses,
    },
  }, async (request, reply) => {
    const page = toPageRequest(request.query);
    const result = await listNotes.execute(request.actor, noteListFilter(request.query), page);
    return sendNoteList(request, reply, result, page, links);
  });

  api.get('/v2/notes/:id', {
    schema: {
      summary: 'Get a note', tags: ['notes'],
      description: 'Returns one note. Anyone may read a public note; a non-public one needs a token with `readall` held by its author (or, for '
        + '`recipients`, by a recipient) and is 404 to everyone else. A read of a public note by anyone but its author counts in `publicViewsCount`.',
      params: IdParams, response: { 200: NOTE_ENVELOPE },
    },
  }, async (request) => {
    const note = await getNote.execute(request.actor, parseId(request.params.id, 'note'));
    return single(presentNote(note, request.actor, links));
  });

  api.post('/v2/notes', {
    config: { scope: 'notes' },
    schema: {
      summary: 'Create a note', tags: ['notes'],
      description: 'Posts a note by the token\'s user (scope `notes`) and answers 201 with the note and its path in `Location`. `message`, `latitude` and '
        + '`longitude` are required; to attach a JPEG, PNG or WebP image, send `multipart/form-data` with the file in `image_file` (or `image`). '
        + 'A repeat with the same `Idempotency-Key` gets the first answer again instead of making a second note.',
      consumes: UPLOAD_CONSUMES, body: NoteBody, response: { 201: NOTE_ENVELOPE },
    },
  }, async (request, reply) => {
    const note = await createNote.execute(request.actor, noteInputFromBody(request.body));
    reply.code(201).header('location', `/v2/notes/${note.id}`);
    return single(presentNote(note, request.actor, links), 201);
  });

  api.put('/v2/notes/:id', {
    config: { scope: 'notes', conditional: true },
    schema: {
      summary: 'Edit a note', tags: ['notes'],
      description: 'Changes a note; only its author may, with scope `notes`. Fields not sent keep their values; a new `image_file` replaces the '
        + 'image, and an empty one or `removeImage=true` removes it. With `If-Match`, the change is made only while the note\'s `ETag` still '
        + 'matches (412 otherwise); the answer carries the new `ETag`.',
      consumes: UPLOAD_CONSUMES, params: IdParams, body: NoteBody, response: { 200: NOTE_ENVELOPE },
    },
  }, async (request, reply) => {
    const id = parseId(request.params.id, 'note');
    const precondition = ifMatchPrecondition(request, reply, NOTE_ENVELOPE, (note: NoteView) => single(presentNote(note, request.actor, links)));
    await updateNote.execute(request.actor, id, noteInputFromBody(request.body), precondition);
    return single(presentNote(await getNote.execute(request.actor, id), request.actor, links));
  });

  api.delete('/v2/notes/:id', {
    config: { scope: 'delete', conditional: true },
    schema: {
      summary: 'Delete a note', tags: ['notes'],
      description: 'Deletes a note with its comments, favorites, finds, notemap memberships and image file; only its author may, with scope '
        + '`delete`. With `If-Match`, the note is deleted only while its `ETag` still matches (412 otherwise).',
      params: IdParams, response: { 200: EmptyEnvelope },
    },
  }, async (request, reply) => {
    const precondition = ifMatchPrecondition(request, reply, NOTE_ENVELOPE, (note: NoteView) => single(presentNote(note, request.actor, links)));
    await deleteNote.execute(request.actor, parseId(request.params.id, 'note'), precondition);
    return empty();
  });
}
