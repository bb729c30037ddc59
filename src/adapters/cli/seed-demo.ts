import type { DependencyContainer } from 'tsyringe';
import { CreateClient } from '../../application/auth/create-client';
import { IssueToken } from '../../application/auth/issue-token';
import { newSecret } from '../../application/auth/secrets';
import { CreateComment } from '../../application/comments/create-comment';
import { AddNotemapNote } from '../../application/notemaps/add-notemap-note';
import { CreateNotemap } from '../../application/notemaps/create-notemap';
import { CreateNote } from '../../application/notes/create-note';
import { UNIT_OF_WORK, type UnitOfWork } from '../../application/ports/unit-of-work';
import { ListNoteTags } from '../../application/tags/list-note-tags';
import { CreateUser } from '../../application/users/create-user';
import { userActor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { SCOPES } from '../../domain/scopes';
import { CONFIG, type Config } from '../../config-types';
import { DEMO_COMMENTS, DEMO_NOTEMAPS, DEMO_NOTES, DEMO_USERS } from './demo-data';

export interface DemoUser {
  id: number;
  username: string;
  password: string;
  access_token: string;
  scope: string;
}

export interface DemoSeed {
  client_id: string;
  users: DemoUser[];
  notes: { count: number; ids: number[]; private_note_id: number | null };
  notemaps: { count: number; ids: number[] };
  comments: { count: number; ids: number[] };
  /** The distinct tags the notes carry (the `tags` given and the `#hashtags` in their messages), by name. */
  tags: { count: number; names: string[] };
}

/** Loads the demo data set through the use cases, as a person would make it; refuses to load it twice. */
export async function seedDemo(container: DependencyContainer): Promise<DemoSeed> {
  const first = DEMO_USERS[0].username;
  const existing = await container.resolve<UnitOfWork>(UNIT_OF_WORK).run(({ users }) => users.findByUsername(first));
  if (existing !== null) throw new DomainError('conflict', `the demo data set is already loaded (user ${first} exists)`);

  const people: { id: number; username: string; password: string }[] = [];
  for (const person of DEMO_USERS) {
    const password = newSecret().slice(0, 16);
    const { id, username } = await container.resolve(CreateUser).execute({ ...person, password }, { emailVerified: true });
    people.push({ id, username, password });
  }

  const { publicUrl } = container.resolve<Config>(CONFIG);
  const { clientId } = await container.resolve(CreateClient).execute({
    ownerId: itemAt(people, 0).id, name: 'Place Notes demo', redirectUris: [`${publicUrl}/demo/callback`], public: true,
  });

  const users: DemoUser[] = [];
  for (const person of people) {
    const token = await container.resolve(IssueToken).execute({ userId: person.id, clientId, scopes: SCOPES });
    users.push({ ...person, access_token: token.accessToken, scope: token.scope });
  }

  const ids: number[] = [];
  let privateNoteId: number | null = null;
  for (const { author, ...input } of DEMO_NOTES) {
    const actor = userActor(itemAt(people, author).id, ['notes']);
    const { id } = await container.resolve(CreateNote).execute(actor, input);
    ids.push(id);
    if (input.visibility === 'private') privateNoteId = id;
  }

  const notemapIds: number[] = [];
  for (const { owner, notes, ...fields } of DEMO_NOTEMAPS) {
    const actor = userActor(itemAt(people, owner).id, ['write']);
    const notemapId = await container.resolve(CreateNotemap).execute(actor, fields);
    for (const note of notes) await container.resolve(AddNotemapNote).execute(actor, notemapId, itemAt(ids, note));
    notemapIds.push(notemapId);
  }

  const commentIds: number[] = [];
  for (const { author, note, ...fields } of DEMO_COMMENTS) {
    const actor = userActor(itemAt(people, author).id, ['write']);
    commentIds.push(await container.resolve(CreateComment).execute(actor, itemAt(ids, note), fields));
  }

  // Read back as each note's author sees it, so the list is what was stored, not what was meant.
  const tagNames = new Set<string>();
  for (const [index, { author }] of DEMO_NOTES.entries()) {
    const actor = userActor(itemAt(people, author).id, ['readall']);
    const page = await container.resolve(ListNoteTags).execute(actor, itemAt(ids, index), { offset: 0, limit: 100 });
    for (const tag of page.items) tagNames.add(tag.name);
  }
  const names = [...tagNames].sort();

  return {
    client_id: clientId,
    users,
    notes: { count: ids.length, ids, private_note_id: privateNoteId },
    notemaps: { count: notemapIds.length, ids: notemapIds },
    comments: { count: commentIds.length, ids: commentIds },
    tags: { count: names.length, names },
  };
}

/** The demo data refers to users and notes by index; a wrong index is a mistake in demo-data.ts. */
function itemAt<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`the demo data names item #${index}, which it does not define`);
  return item;
}
