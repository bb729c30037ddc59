import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { DependencyContainer } from 'tsyringe';
import { CreateComment } from '../../../application/comments/create-comment';
import { DeleteComment } from '../../../application/comments/delete-comment';
import { GetComment } from '../../../application/comments/get-comment';
import { ListNoteComments } from '../../../application/comments/list-note-comments';
import { UpdateComment } from '../../../application/comments/update-comment';
import type { CommentView } from '../../../application/ports/comment-views';
import { EmptyEnvelope, ListEnvelope, SingleEnvelope, empty, single } from '../envelope';
import { ifMatchPrecondition } from '../etag';
import { parseId } from '../ids';
import { Links } from '../links';
import { PagingQuery, pageBody, toPageRequest } from '../paging';
import { Slots } from '../../../application/slots';
import { registerCommentFavoriteRoutes } from './comment-favorites.routes';
import { COMMENT_BODY_LIMIT } from './comment-body-limit';
import { presentComment } from './comment.presenter';
import { Comment, CommentBody, NoteCommentParams, NoteCommentsParams } from './comment.schemas';

/** Comments of notes (docs/api.md, Scopes) and, through comment-favorites.routes.ts, their favorites. */
/**
 * Comment pages built at once. A page may hold megabytes of text (a comment of 16,777,215 characters is a page of
 * its own) to read, serialise and send; the others wait their turn, so a flood of them neither adds up in memory
 * nor keeps the event loop from other requests for long.
 */
export const COMMENT_PAGES_AT_ONCE = 1;

// One object for the GET and the If-Match checks: the serialiser is compiled per schema object.
const COMMENT_ENVELOPE = SingleEnvelope(Comment);

export function registerCommentRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const links = container.resolve(Links);
  const listComments = container.resolve(ListNoteComments);
  const getComment = container.resolve(GetComment);
  const createComment = container.resolve(CreateComment);
  const updateComment = container.resolve(UpdateComment);
  const deleteComment = container.resolve(DeleteComment);
  const pages = new Slots(COMMENT_PAGES_AT_ONCE);

  api.get('/v2/notes/:note_id/comments', {
    // The slot is held until the answer has left (or the client has gone), not only while the handler runs.
    preHandler: async (request, reply) => {
      const release = await pages.acquire();
      // A client that left while it waited has no answer to wait for.
      if (reply.raw.closed) release();
      else reply.raw.once('close', release);
    },
    schema: {
      summary: 'Comments of a note (oldest first)', tags: ['comments'],
      description: 'Lists the comments of a note the caller may read, oldest first; anyone may call for a public note, and a note the caller may '
        + 'not read is 404. Paged with `offset`/`limit`, but a page also ends early once its comments\' text would pass 4 MiB (it always holds '
        + 'at least one): follow `nextUrl`, which continues from the next comment.',
      params: NoteCommentsParams, querystring: Type.Object(PagingQuery), response: { 200: ListEnvelope(Comment) },
    },
  }, async (request) => {
    const page = toPageRequest(request.query);
    const result = await listComments.execute(request.actor, parseId(request.params.note_id, 'note'), page);
    return pageBody(request, page, result, (comment) => presentComment(comment, request.actor, links));
  });

  api.get('/v2/notes/:note_id/comments/:id', {
    schema: {
      summary: 'Get a comment', tags: ['comments'],
      description: 'Returns one comment of a note the caller may read; anyone may call for a public note. 404 when the note does not exist or '
        + 'the caller may not read it, or when the comment is not on that note.',
      params: NoteCommentParams, response: { 200: COMMENT_ENVELOPE },
    },
  }, async (request) => {
    const comment = await getComment.execute(request.actor, parseId(request.params.note_id, 'note'), parseId(request.params.id, 'comment'));
    return single(presentComment(comment, request.actor, links));
  });

  api.post('/v2/notes/:note_id/comments', {
    config: { scope: 'write' },
    bodyLimit: COMMENT_BODY_LIMIT,
    schema: {
      summary: 'Create a comment', tags: ['comments'],
      description: 'Comments on a note the caller may read, as the token\'s user (scope `write`), and answers 201 with the comment and its path '
        + 'in `Location`. `comment` is required (at most 16,777,215 characters), `title` optional (at most 50). A repeat with the same '
        + '`Idempotency-Key` gets the first answer again instead of adding a second comment.',
      params: NoteCommentsParams, body: CommentBody, response: { 201: SingleEnvelope(Comment) },
    },
  }, async (request, reply) => {
    const noteId = parseId(request.params.note_id, 'note');
    const id = await createComment.execute(request.actor, noteId, request.body);
    const comment = await getComment.execute(request.actor, noteId, id);
    reply.code(201).header('location', `/v2/notes/${noteId}/comments/${id}`);
    return single(presentComment(comment, request.actor, links), 201);
  });

  api.put('/v2/notes/:note_id/comments/:id', {
    config: { scope: 'write', conditional: true },
    bodyLimit: COMMENT_BODY_LIMIT,
    schema: {
      summary: 'Edit a comment (its author)', tags: ['comments'],
      description: 'Changes a comment; only its author may, with scope `write`. `comment` is required, and a `title` not sent is kept. With '
        + '`If-Match`, the change is made only while the comment\'s `ETag` still matches (412 otherwise); the answer carries the new `ETag`.',
      params: NoteCommentParams, body: CommentBody, response: { 200: COMMENT_ENVELOPE },
    },
  }, async (request, reply) => {
    const noteId = parseId(request.params.note_id, 'note');
    const id = parseId(request.params.id, 'comment');
    const precondition = ifMatchPrecondition(request, reply, COMMENT_ENVELOPE, (comment: CommentView) => single(presentComment(comment, request.actor, links)));
    await updateComment.execute(request.actor, noteId, id, request.body, precondition);
    return single(presentComment(await getComment.execute(request.actor, noteId, id), request.actor, links));
  });

  api.delete('/v2/notes/:note_id/comments/:id', {
    config: { scope: 'write', conditional: true },
    schema: {
      summary: "Delete a comment (its author or the note's author)", tags: ['comments'],
      description: 'Deletes a comment and its favorites; the comment\'s author or the note\'s author may, with scope `write` (403 for anyone '
        + 'else). With `If-Match`, the comment is deleted only while its `ETag` still matches (412 otherwise).',
      params: NoteCommentParams, response: { 200: EmptyEnvelope },
    },
  }, async (request, reply) => {
    const precondition = ifMatchPrecondition(request, reply, COMMENT_ENVELOPE, (comment: CommentView) => single(presentComment(comment, request.actor, links)));
    await deleteComment.execute(request.actor, parseId(request.params.note_id, 'note'), parseId(request.params.id, 'comment'), precondition);
    return empty();
  });

  registerCommentFavoriteRoutes(app, container);
}
