import { sql, type Kysely, type Selectable } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { AccountContact, NewUser, UserRepository } from '../../../application/ports/user-repository';
import { DomainError } from '../../../domain/domain-error';
import type { User } from '../../../domain/user';
import { ACCESS_TOKEN_CACHE, type AccessTokenCache } from './access-token-cache';
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
  constructor(
    @inject(KYSELY) private readonly db: Kysely<Schema>,
    @inject(ACCESS_TOKEN_CACHE) private readonly tokenCache: AccessTokenCache | null = null,
  ) {}

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
          email_verified_at: user.emailVerifiedAt ?? null,
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

  async setPasswordHash(userId: number, passwordHash: string): Promise<boolean> {
    const result = await this.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
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

  async delete(userId: number): Promise<string[] | null> {
    // The row lock makes every insert that names the user (a favorite, a comment, a token…) wait for this
    // transaction, and then fail: nothing new of theirs can slip in between the corrections below and the delete.
    const user = await this.db.selectFrom('users').select('avatar_key').where('id', '=', userId).forUpdate().executeTakeFirst();
    if (user === undefined) return null;
    const images = await this.db.selectFrom('notes').select('image_key')
      .where('author_id', '=', userId).where('image_key', 'is not', null).execute();
    // What the user's rows counted on notes and comments that stay; the rest is removed by ON DELETE CASCADE
    // (the counters of public notes by their trigger).
    for (const { counter, rows } of [
      { counter: 'comments_count', rows: sql`select note_id as id, count(*)::int as n from comments where author_id = ${userId} group by note_id` },
      { counter: 'favoriters_count', rows: sql`select note_id as id, count(*)::int as n from note_favorites where user_id = ${userId} group by note_id` },
      { counter: 'finders_count', rows: sql`select note_id as id, count(*)::int as n from note_finds where user_id = ${userId} group by note_id` },
      {
        counter: 'notemaps_count',
        rows: sql`select mn.note_id as id, count(*)::int as n from notemap_notes mn join notemaps m on m.id = mn.notemap_id
          where m.owner_id = ${userId} group by mn.note_id`,
      },
    ]) {
      await sql`update notes t set ${sql.ref(counter)} = t.${sql.ref(counter)} - r.n from (${rows}) r
        where t.id = r.id and t.author_id <> ${userId}`.execute(this.db);
    }
    await sql`update comments t set favoriters_count = t.favoriters_count - r.n
      from (select comment_id as id, count(*)::int as n from comment_favorites where user_id = ${userId} group by comment_id) r
      where t.id = r.id and t.author_id <> ${userId}`.execute(this.db);
    // Their tokens, and those their applications were given: this instance forgets them at once, the others when the
    // trigger's notification reaches them at commit.
    const tokens = await this.db.deleteFrom('access_tokens')
      .where((eb) => eb.or([
        eb('user_id', '=', userId),
        eb('client_id', 'in', eb.selectFrom('oauth_clients').select('id').where('owner_id', '=', userId)),
      ]))
      .returning('token_hash').execute();
    for (const { token_hash } of tokens) this.tokenCache?.forget(token_hash);
    await this.db.deleteFrom('users').where('id', '=', userId).execute();
    return [...images.map((row) => row.image_key!), ...(user.avatar_key === null ? [] : [user.avatar_key])];
  }

  async findContact(ref: { id: number } | { login: string }): Promise<AccountContact | null> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'username', 'email', 'email_verified_at'])
      .where((eb) => ('id' in ref
        ? eb('id', '=', ref.id)
        : eb.or([eb(lower('username'), '=', lowerValue(ref.login)), eb(lower('email'), '=', lowerValue(ref.login))])))
      .executeTakeFirst();
    return row ? { id: row.id, username: row.username, email: row.email, emailVerified: row.email_verified_at !== null } : null;
  }

  async emailTaken(email: string, exceptUserId: number): Promise<boolean> {
    const row = await this.db.selectFrom('users').select('id')
      .where(lower('email'), '=', lowerValue(email)).where('id', '<>', exceptUserId).executeTakeFirst();
    return row !== undefined;
  }

  async setVerifiedEmail(userId: number, email: string, avatarHash: string, now: Date): Promise<void> {
    try {
      await this.db.updateTable('users').set({ email, avatar_hash: avatarHash, email_verified_at: now }).where('id', '=', userId).execute();
    } catch (error) {
      if (uniqueViolation(error) === 'users_email_key') throw new DomainError('conflict', `e-mail ${email} is already registered`);
      throw error;
    }
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
