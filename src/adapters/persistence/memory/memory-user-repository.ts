import { inject, injectable } from 'tsyringe';
import type { NewUser, UserRepository } from '../../../application/ports/user-repository';
import { DomainError } from '../../../domain/domain-error';
import type { User } from '../../../domain/user';
import { MEMORY_STORE, type MemoryStore, type StoredUser } from './memory-store';

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

function toUser(stored: StoredUser | undefined): User | null {
  if (stored === undefined) return null;
  const { passwordHash: _hash, avatarHash: _avatar, avatarKey: _key, ...user } = structuredClone(stored);
  return user;
}

@injectable()
export class MemoryUserRepository implements UserRepository {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  create(user: NewUser, now: Date): Promise<number> {
    return this.store.with(({ users }) => {
      if (users.some((u) => same(u.username, user.username))) {
        throw new DomainError('conflict', `the username ${user.username} is taken`);
      }
      if (users.some((u) => same(u.email, user.email))) {
        throw new DomainError('conflict', `the e-mail address ${user.email} is already registered`);
      }
      const id = this.store.nextId('users');
      users.push({
        id,
        username: user.username,
        email: user.email,
        passwordHash: user.passwordHash,
        name: user.name,
        avatarHash: user.avatarHash,
        description: null,
        blogUrl: null,
        hometown: null,
        twitter: null,
        hasAvatar: false,
        avatarKey: null,
        createdAt: new Date(now),
      });
      return id;
    });
  }

  findById(id: number): Promise<User | null> {
    return this.store.with(({ users }) => toUser(users.find((u) => u.id === id)));
  }

  findByUsername(username: string): Promise<User | null> {
    return this.store.with(({ users }) => toUser(users.find((u) => same(u.username, username))));
  }

  findCredentials(login: string): Promise<{ id: number; passwordHash: string } | null> {
    return this.store.with(({ users }) => {
      const user = users.find((u) => same(u.username, login) || same(u.email, login));
      return user ? { id: user.id, passwordHash: user.passwordHash } : null;
    });
  }

  resolve(refs: readonly (number | string)[]): Promise<Map<number | string, number>> {
    return this.store.with(({ users }) => {
      const found = new Map<number | string, number>();
      for (const ref of refs) {
        const user = users.find((u) => (typeof ref === 'number' ? u.id === ref : same(u.username, ref)));
        if (user) found.set(ref, user.id);
      }
      return found;
    });
  }

  setAvatar(userId: number, key: string | null): Promise<string | null> {
    return this.store.with(({ users }) => {
      const user = users.find((u) => u.id === userId);
      if (!user) return null;
      const previous = user.avatarKey;
      Object.assign(user, { avatarKey: key, hasAvatar: key !== null });
      return previous;
    });
  }

  findAvatarKey(avatarHash: string): Promise<string | null> {
    return this.store.with(({ users }) => users.find((u) => u.avatarHash === avatarHash && u.avatarKey !== null)?.avatarKey ?? null);
  }
}
