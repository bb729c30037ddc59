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
    schema: { summary: 'Get notes', tags: ['notes'], querystring: NoteListQuery, response: NoteListResponses },
  }, async (request, reply) => {
    const page = toPageRequest(request.query);
    const result = await listNotes.execute(request.actor, noteListFilter(request.query), page);
    return sendNoteList(request, reply, result, page, links);
  });

  api.get('/v2/notes/:id', {
    schema: { summary: 'Get a note', tags: ['notes'], params: IdParams, response: { 200: NOTE_ENVELOPE } },
  }, async (request) => {
    const note = await getNote.execute(request.actor, parseId(request.params.id, 'note'));
    return single(presentNote(note, request.actor, links));
  });

  api.post('/v2/notes', {
    config: { scope: 'notes' },
    schema: { summary: 'Create a note', tags: ['notes'], consumes: UPLOAD_CONSUMES, body: NoteBody, response: { 201: SingleEnvelope(Note) } },
  }, async (request, reply) => {
    const id = await createNote.execute(request.actor, noteInputFromBody(request.body));
    const note = await getNote.execute(request.actor, id);
    reply.code(201).header('location', `/v2/notes/${id}`);
    return single(presentNote(note, request.actor, links), 201);
  });

  api.put('/v2/notes/:id', {
    config: { scope: 'notes', conditional: true },
    schema: { summary: 'Edit a note', tags: ['notes'], consumes: UPLOAD_CONSUMES, params: IdParams, body: NoteBody, response: { 200: NOTE_ENVELOPE } },
  }, async (request, reply) => {
    const id = parseId(request.params.id, 'note');
    const precondition = ifMatchPrecondition(request, reply, NOTE_ENVELOPE, (note: NoteView) => single(presentNote(note, request.actor, links)));
    await updateNote.execute(request.actor, id, noteInputFromBody(request.body), precondition);
    return single(presentNote(await getNote.execute(request.actor, id), request.actor, links));
  });

  api.delete('/v2/notes/:id', {
    config: { scope: 'delete', conditional: true },
    schema: { summary: 'Delete a note', tags: ['notes'], params: IdParams, response: { 200: EmptyEnvelope } },
  }, async (request, reply) => {
    const precondition = ifMatchPrecondition(request, reply, NOTE_ENVELOPE, (note: NoteView) => single(presentNote(note, request.actor, links)));
    await deleteNote.execute(request.actor, parseId(request.params.id, 'note'), precondition);
    return empty();
  });
}
