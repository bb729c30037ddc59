import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import type { SessionUser } from '../../application/accounts/find-session-user';
import { CreateComment } from '../../application/comments/create-comment';
import { FavoriteNote } from '../../application/favorites/favorite-note';
import { UnfavoriteNote } from '../../application/favorites/unfavorite-note';
import { BlockUser } from '../../application/blocks/block-user';
import { UnblockUser } from '../../application/blocks/unblock-user';
import { FollowUser } from '../../application/follows/follow-user';
import { UnfollowUser } from '../../application/follows/unfollow-user';
import { FollowNotemap } from '../../application/notemaps/follow-notemap';
import { UnfollowNotemap } from '../../application/notemaps/unfollow-notemap';
import { CreateNote } from '../../application/notes/create-note';
import type { NoteInput } from '../../application/notes/note-input';
import { ReadNotePage } from '../../application/notes/read-note-page';
import { GetUser } from '../../application/users/get-user';
import { sessionActor } from '../../domain/actor';
import { DomainError, type FieldProblem } from '../../domain/domain-error';
import { sentence, shapedAs } from '../page-kit/forms';
import { seeOther } from '../page-kit/web-response';
import type { FormErrorPage } from '../page-kit/web-errors';
import type { Site } from './components/site';
import { newNotePage, type NewNoteValues } from './new-note.page';
import { notePage } from './note.page';
import { idOf, PAGE_SIZE } from './public-pages.routes';
import { ActionForm, CommentForm, IdParams, NewNoteForm, UsernameParams } from './public-pages.schemas';
import { sendPublicPage } from './public-response';

/** Where an anonymous visitor goes to sign in first, coming back to `back`. */
function logInFirst(reply: FastifyReply, back: string): FastifyReply {
  return seeOther(reply, `/login?next=${encodeURIComponent(back)}`);
}

/**
 * What a member does on the pages, through the API's own use cases: post a note, comment, favorite, follow a
 * user or a notemap. Every form carries a CSRF token; every POST answers 303 (or shows its form again with
 * what is wrong, 400).
 */
export function registerWebActionRoutes(scope: FastifyInstance, container: DependencyContainer, site: Site): void {
  const createNote = container.resolve(CreateNote);
  const createComment = container.resolve(CreateComment);
  const readNotePage = container.resolve(ReadNotePage);
  const favorite = container.resolve(FavoriteNote);
  const unfavorite = container.resolve(UnfavoriteNote);
  const getUser = container.resolve(GetUser);
  const followUser = container.resolve(FollowUser);
  const unfollowUser = container.resolve(UnfollowUser);
  const blockUser = container.resolve(BlockUser);
  const unblockUser = container.resolve(UnblockUser);
  const followNotemap = container.resolve(FollowNotemap);
  const unfollowNotemap = container.resolve(UnfollowNotemap);
  const pages = scope.withTypeProvider<TypeBoxTypeProvider>();
  const csrf = { preHandler: scope.csrfProtection };

  pages.get('/notes/new', async (request, reply) => {
    if (request.webUser === null) return logInFirst(reply, '/notes/new');
    return sendPublicPage(reply, site, true, 200, newNotePage(site, { user: request.webUser, csrf: reply.csrfToken() }));
  });

  /** The form again, with what was typed and what is wrong with it. */
  const noteAgain = (error: DomainError, request: FastifyRequest, reply: FastifyReply): FormErrorPage | null => {
    if (error.kind !== 'invalid' || request.webUser === null) return null;
    const values: NewNoteValues = shapedAs(NewNoteForm, request.body) ?? {};
    const fields = error.details.fields ?? [];
    const problems = fields.length > 0 ? fields.map((f) => `${label(f.name)} ${f.problem}.`) : [sentence(error.message)];
    return { status: 400, page: newNotePage(site, { user: request.webUser, csrf: reply.csrfToken(), values, problems, invalid: fields.map((f) => f.name) }) };
  };

  pages.post('/notes', { schema: { body: NewNoteForm }, ...csrf, config: { formErrorPage: noteAgain } }, async (request, reply) => {
    const user = request.webUser;
    if (user === null) return logInFirst(reply, '/notes/new');
    const { id } = await createNote.execute(sessionActor(user.id), noteInputFromForm(request.body));
    return seeOther(reply, `/notes/${id}`);
  });

  /** The note page again, with the comment as typed and what is wrong with it. */
  const commentAgain = async (error: DomainError, request: FastifyRequest, reply: FastifyReply): Promise<FormErrorPage | null> => {
    const user = request.webUser;
    if (error.kind !== 'invalid' || user === null) return null;
    const { id } = request.params as { id: string };
    const view = await readNotePage.execute(sessionActor(user.id), idOf(id, 'note'), { offset: 0, limit: PAGE_SIZE });
    const text = shapedAs(CommentForm, request.body)?.comment ?? '';
    const problem = sentence(error.details.fields?.map((f) => `${label(f.name)} ${f.problem}`).join('; ') ?? error.message);
    return { status: 400, page: notePage(site, { view, user, commentsPage: 1, commentsPerPage: PAGE_SIZE, csrf: reply.csrfToken(), commentProblem: { text, problem } }) };
  };

  pages.post('/notes/:id/comments', { schema: { params: IdParams, body: CommentForm }, ...csrf, config: { formErrorPage: commentAgain } }, async (request, reply) => {
    const noteId = idOf(request.params.id, 'note');
    const user = request.webUser;
    if (user === null) return logInFirst(reply, `/notes/${noteId}`);
    const actor = sessionActor(user.id);
    const commentId = await createComment.execute(actor, noteId, { comment: request.body.comment ?? '' });
    const { note } = await readNotePage.execute(actor, noteId, { offset: 0, limit: 1 });
    // The newest comment is on the last page of the conversation.
    const last = Math.max(1, Math.ceil(note.counts.comments / PAGE_SIZE));
    return seeOther(reply, `/notes/${noteId}${last > 1 ? `?page=${last}` : ''}#comment-${commentId}`);
  });

  /** A button on the page of a note or a notemap (`/notes/:id/favorite`…): act, then back to that page. */
  const idAction = (kind: 'note' | 'notemap', action: string, act: (user: SessionUser, id: number) => Promise<unknown>) =>
    pages.post(`/${kind}s/:id/${action}`, { schema: { params: IdParams, body: ActionForm }, ...csrf }, async (request, reply) => {
      const id = idOf(request.params.id, kind);
      if (request.webUser === null) return logInFirst(reply, `/${kind}s/${id}`);
      await act(request.webUser, id);
      return seeOther(reply, `/${kind}s/${id}`);
    });
  idAction('note', 'favorite', (user, noteId) => favorite.execute(sessionActor(user.id), noteId));
  idAction('note', 'unfavorite', (user, noteId) => unfavorite.execute(sessionActor(user.id), noteId, user.id));
  idAction('notemap', 'follow', (user, notemapId) => followNotemap.execute(sessionActor(user.id), notemapId));
  idAction('notemap', 'unfollow', (user, notemapId) => unfollowNotemap.execute(sessionActor(user.id), notemapId, user.id));

  const userAction = (path: string, act: (user: SessionUser, followedId: number) => Promise<unknown>) =>
    pages.post(path, { schema: { params: UsernameParams, body: ActionForm }, ...csrf }, async (request, reply) => {
      const back = `/users/${encodeURIComponent(request.params.username)}`;
      if (request.webUser === null) return logInFirst(reply, back);
      const followed = await getUser.execute(sessionActor(request.webUser.id), { username: request.params.username });
      await act(request.webUser, followed.id);
      return seeOther(reply, `/users/${encodeURIComponent(followed.username)}`);
    });
  userAction('/users/:username/follow', (user, followedId) => followUser.execute(sessionActor(user.id), followedId));
  userAction('/users/:username/unfollow', (user, followedId) => unfollowUser.execute(sessionActor(user.id), { followerId: user.id, followedId }));
  userAction('/users/:username/block', (user, blockedId) => blockUser.execute(sessionActor(user.id), blockedId));
  userAction('/users/:username/unblock', (user, blockedId) => unblockUser.execute(sessionActor(user.id), blockedId));

}

/** A coordinate as typed: empty is absent (the domain says it is required), anything but a number is refused here. */
function coordinate(name: string, text: string | undefined, problems: FieldProblem[]): number | undefined {
  const value = text?.trim() ?? '';
  if (value === '') return undefined;
  const number = Number(value.replace(',', '.'));
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/u.test(value) || !Number.isFinite(number)) {
    problems.push({ name, problem: 'must be a number in degrees, such as 38.7223' });
    return undefined;
  }
  return number;
}

/** The new-note form as the use case's input: blank optional fields left out, lists split on commas. */
export function noteInputFromForm(form: NewNoteValues): NoteInput {
  const problems: FieldProblem[] = [];
  const latitude = coordinate('latitude', form.latitude, problems);
  const longitude = coordinate('longitude', form.longitude, problems);
  if (problems.length > 0) throw DomainError.invalid(problems);
  const list = (text: string | undefined): string[] => (text ?? '').split(',').map((item) => item.trim()).filter((item) => item !== '');
  const optional = (text: string | undefined): string | undefined => (text === undefined || text.trim() === '' ? undefined : text);
  const input: NoteInput = { message: form.message ?? '', latitude, longitude, visibility: optional(form.visibility) ?? 'public' };
  if (optional(form.title) !== undefined) input.title = form.title;
  if (optional(form.city) !== undefined) input.city = form.city;
  if (optional(form.country) !== undefined) input.country = form.country;
  if (optional(form.locationPrecision) !== undefined) input.locationPrecision = form.locationPrecision;
  if (list(form.tags).length > 0) input.tags = list(form.tags);
  if (list(form.recipients).length > 0) input.recipients = list(form.recipients);
  return input;
}

const LABELS: Record<string, string> = {
  message: 'The message', title: 'The title', latitude: 'The latitude', longitude: 'The longitude', visibility: 'Who may read it',
  locationPrecision: 'Where others see it', recipients: 'Recipients', tags: 'Tags', city: 'The city', country: 'The country', comment: 'The comment',
};

function label(name: string): string {
  return LABELS[name] ?? name;
}
