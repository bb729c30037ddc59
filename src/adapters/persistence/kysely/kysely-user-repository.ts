import { sql, type Kysely, type Selectable } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { NewUser, UserRepository } from '../../../application/ports/user-repository';
import { DomainError } from '../../../domain/domain-error';
import type { User } from '../../../domain/user';
import { KYSELY } from './database';
import { uniqueViolation } from './database-errors';
import type { Schema, UsersTable } from './schema';

const lower = (column: 'username' | 'email') => sql<string>`lower(${sql.ref(column)})`;
// Lowered by PostgreSQL on both sides, so the unique indexes on lower(...) decide what matches.
const lowerValue = (value: string) => sql<string>`lower(${value})`;

function toUser(row: Selectable<UsersTable>): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    name: row.name,
    description: row.description,
    blogUrl: row.blog_url,
    hometown: row.hometown,
    twitter: row.twitter,
    hasAvatar: row.has_avatar,
    createdAt: row.created_at,
  };
}

@injectable()
export class KyselyUserRepository implements UserRepository {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  async create(user: NewUser, now: Date): Promise<number> {
    try {
      const row = await this.db
        .insertInto('users')
        .values({
          username: user.username,
          email: user.email,
          password_hash: user.passwordHash,
          name: user.name,
          avatar_hash: user.avatarHash,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    } catch (error) {
      // The unique indexes decide, so two concurrent sign-ups cannot both win.
      const constraint = uniqueViolation(error);
      if (constraint === 'users_username_key') throw new DomainError('conflict', `username ${user.username} is taken`);
      if (constraint === 'users_email_key') throw new DomainError('conflict', `e-mail ${user.email} is already registered`);
      throw error;
    }
  }

  async findById(id: number): Promise<User | null> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toUser(row) : null;
  }

  async findByUsername(username: string): Promise<User | null> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where(lower('username'), '=', lowerValue(username))
      .executeTakeFirst();
    return row ? toUser(row) : null;
  }

  async findCredentials(login: string): Promise<{ id: number; passwordHash: string } | null> {
    const key = lowerValue(login);
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where((eb) => eb.or([eb(lower('username'), '=', key), eb(lower('email'), '=', key)]))
      .executeTakeFirst();
    return row ? { id: row.id, passwordHash: row.password_hash } : null;
  }

  async resolve(refs: readonly (number | string)[]): Promise<Map<number | string, number>> {
    const ids = refs.filter((ref): ref is number => typeof ref === 'number' && Number.isSafeInteger(ref));
    // Usernames are ASCII, where JavaScript and PostgreSQL agree on lowercase.
    const names = refs.filter((ref): ref is string => typeof ref === 'string').map((name) => name.toLowerCase());
    const found = new Map<number | string, number>();
    if (ids.length === 0 && names.length === 0) return found;
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where((eb) => eb.or([
        ...(ids.length > 0 ? [eb('id', 'in', ids)] : []),
        ...(names.length > 0 ? [eb(lower('username'), 'in', names)] : []),
      ]))
      .execute();
    const byId = new Set(rows.map((row) => row.id));
    const byName = new Map(rows.map((row) => [row.username.toLowerCase(), row.id]));
    for (const ref of refs) {
      const id = typeof ref === 'number' ? (byId.has(ref) ? ref : undefined) : byName.get(ref.toLowerCase());
      if (id !== undefined) found.set(ref, id);
    }
    return found;
  }

  async setAvatar(userId: number, key: string | null): Promise<string | null> {
    const previous = await this.db.selectFrom('users').select('avatar_key').where('id', '=', userId).forUpdate().executeTakeFirst();
    if (!previous) return null;
    await this.db.updateTable('users').set({ avatar_key: key, has_avatar: key !== null }).where('id', '=', userId).execute();
    return previous.avatar_key;
  }

  async findAvatarKey(avatarHash: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('users')
      .select('avatar_key')
      .where('avatar_hash', '=', avatarHash)
      .where('avatar_key', 'is not', null)
      .orderBy('id')
      .executeTakeFirst();
    return row?.avatar_key ?? null;
  }
}
