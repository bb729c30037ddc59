import type { DependencyContainer } from 'tsyringe';
import { CreateClient } from '../../application/auth/create-client';
import { IssueToken } from '../../application/auth/issue-token';
import { newSecret } from '../../application/auth/secrets';
import { CreateNote } from '../../application/notes/create-note';
import { UNIT_OF_WORK, type UnitOfWork } from '../../application/ports/unit-of-work';
import { CreateUser } from '../../application/users/create-user';
import { userActor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { SCOPES } from '../../domain/scopes';
import { CONFIG, type Config } from '../../config-types';
import { DEMO_NOTES, DEMO_USERS } from './demo-data';

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
}

/** Loads the demo data set through the use cases, as a person would make it; refuses to load it twice. */
export async function seedDemo(container: DependencyContainer): Promise<DemoSeed> {
  const first = DEMO_USERS[0].username;
  const existing = await container.resolve<UnitOfWork>(UNIT_OF_WORK).run(({ users }) => users.findByUsername(first));
  if (existing !== null) throw new DomainError('conflict', `the demo data set is already loaded (user ${first} exists)`);

  const people: { id: number; username: string; password: string }[] = [];
  for (const person of DEMO_USERS) {
    const password = newSecret().slice(0, 16);
    const { id, username } = await container.resolve(CreateUser).execute({ ...person, password });
    people.push({ id, username, password });
  }

  const { publicUrl } = container.resolve<Config>(CONFIG);
  const { clientId } = await container.resolve(CreateClient).execute({
    ownerId: personAt(people, 0).id, name: 'Place Notes demo', redirectUris: [`${publicUrl}/demo/callback`], public: true,
  });

  const users: DemoUser[] = [];
  for (const person of people) {
    const token = await container.resolve(IssueToken).execute({ userId: person.id, clientId, scopes: SCOPES });
    users.push({ ...person, access_token: token.accessToken, scope: token.scope });
  }

  const ids: number[] = [];
  let privateNoteId: number | null = null;
  for (const { author, ...input } of DEMO_NOTES) {
    const actor = userActor(personAt(people, author).id, ['notes']);
    const id = await container.resolve(CreateNote).execute(actor, input);
    ids.push(id);
    if (input.visibility === 'private') privateNoteId = id;
  }
  return { client_id: clientId, users, notes: { count: ids.length, ids, private_note_id: privateNoteId } };
}

function personAt<T>(people: readonly T[], index: number): T {
  const person = people[index];
  if (person === undefined) throw new Error(`the demo data names user #${index}, which it does not define`);
  return person;
}
