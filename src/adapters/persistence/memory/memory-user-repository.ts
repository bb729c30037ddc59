import { inject, injectable } from 'tsyringe';
import type { AccountContact, NewUser, UserRepository } from '../../../application/ports/user-repository';
import { DomainError } from '../../../domain/domain-error';
import type { User } from '../../../domain/user';
import { deletedNoteSnapshot, MEMORY_STORE, type MemoryStore, type StoredUser } from './memory-store';

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

function toUser(stored: StoredUser | undefined): User | null {
  if (stored === undefined) return null;
  const { passwordHash: _hash, avatarHash: _avatar, avatarKey: _key, emailVerifiedAt: _verified, ...user } = structuredClone(stored);
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
        emailVerifiedAt: user.emailVerifiedAt ? new Date(user.emailVerifiedAt) : null,
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

  setPasswordHash(userId: number, passwordHash: string): Promise<boolean> {
    return this.store.with(({ users }) => {
      const user = users.find((u) => u.id === userId);
      if (user) user.passwordHash = passwordHash;
      return user !== undefined;
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

  findContact(ref: { id: number } | { login: string }): Promise<AccountContact | null> {
    return this.store.with(({ users }) => {
      const user = users.find((u) => ('id' in ref ? u.id === ref.id : same(u.username, ref.login) || same(u.email, ref.login)));
      return user ? { id: user.id, username: user.username, email: user.email, emailVerified: user.emailVerifiedAt !== null } : null;
    });
  }

  emailTaken(email: string, exceptUserId: number): Promise<boolean> {
    return this.store.with(({ users }) => users.some((u) => u.id !== exceptUserId && same(u.email, email)));
  }

  setVerifiedEmail(userId: number, email: string, avatarHash: string, now: Date): Promise<void> {
    return this.store.with(({ users }) => {
      if (users.some((u) => u.id !== userId && same(u.email, email))) {
        throw new DomainError('conflict', `the e-mail address ${email} is already registered`);
      }
      const user = users.find((u) => u.id === userId);
      if (user) Object.assign(user, { email, avatarHash, emailVerifiedAt: new Date(now) });
    });
  }

  findAvatarKey(avatarHash: string): Promise<string | null> {
    return this.store.with(({ users }) => users.find((u) => u.avatarHash === avatarHash && u.avatarKey !== null)?.avatarKey ?? null);
  }

  delete(userId: number): Promise<string[] | null> {
    return this.store.with((state) => {
      const user = state.users.find((u) => u.id === userId);
      if (user === undefined) return null;
      const notes = new Set(state.notes.filter((n) => n.authorId === userId).map((n) => n.id));
      const blobKeys = state.notes.filter((n) => notes.has(n.id) && n.image !== null).map((n) => n.image!.key);
      if (user.avatarKey !== null) blobKeys.push(user.avatarKey);
      // What the database removes by ON DELETE CASCADE: the user's rows, and every row that hangs off one of them.
      const comments = new Set(state.comments.filter((c) => c.authorId === userId || notes.has(c.noteId)).map((c) => c.id));
      const notemaps = new Set(state.notemaps.filter((m) => m.ownerId === userId).map((m) => m.id));
      const clients = new Set(state.clients.filter((c) => c.ownerId === userId).map((c) => c.id));
      const notTheirs = <T extends { userId: number }>(rows: T[]) => rows.filter((row) => row.userId !== userId);
      const notOfTheirClients = <T extends { userId: number; clientId: number }>(rows: T[]) =>
        rows.filter((row) => row.userId !== userId && !clients.has(row.clientId));
      // Their notes leave the feed, and so do others' notes from their notemaps (as the database's triggers record).
      this.store.recordNoteChanges(state, [...notes, ...state.notemapNotes.filter((mn) => notemaps.has(mn.notemapId)).map((mn) => mn.noteId)]);
      // Their subscriptions (and those made through their applications) go: by the time the database fans out the
      // note.deleted events below, its cascade has removed them too, so they hear of none.
      const subscriptions = new Set(notOfTheirClients(state.webhookSubscriptions).map((s) => s.id));
      state.webhookSubscriptions = state.webhookSubscriptions.filter((s) => subscriptions.has(s.id));
      state.webhookDeliveries = state.webhookDeliveries.filter((d) => subscriptions.has(d.subscriptionId));
      state.webhookAttempts = state.webhookAttempts.filter((a) => subscriptions.has(a.subscriptionId));
      for (const note of state.notes.filter((n) => notes.has(n.id))) {
        this.store.recordWebhookEvent(state, { type: 'note.deleted', noteId: note.id, note: deletedNoteSnapshot(state, note) });
      }
      state.users = state.users.filter((u) => u.id !== userId);
      state.accountTokens = notTheirs(state.accountTokens);
      for (const mail of state.mailOutbox) if (mail.userId === userId) mail.userId = null;
      state.notes = state.notes.filter((n) => !notes.has(n.id));
      state.noteTags = state.noteTags.filter((nt) => !notes.has(nt.noteId));
      state.recipients = notTheirs(state.recipients).filter((r) => !notes.has(r.noteId));
      state.favorites = notTheirs(state.favorites).filter((f) => !notes.has(f.noteId));
      state.finds = notTheirs(state.finds).filter((f) => !notes.has(f.noteId));
      state.comments = state.comments.filter((c) => !comments.has(c.id));
      state.commentFavorites = notTheirs(state.commentFavorites).filter((f) => !comments.has(f.commentId));
      state.notemaps = state.notemaps.filter((m) => !notemaps.has(m.id));
      state.notemapNotes = state.notemapNotes.filter((mn) => !notemaps.has(mn.notemapId) && !notes.has(mn.noteId));
      state.notemapFollows = notTheirs(state.notemapFollows).filter((f) => !notemaps.has(f.notemapId));
      state.userFollows = state.userFollows.filter((f) => f.followerId !== userId && f.followedId !== userId);
      const blocks = state.userBlocks.filter((b) => b.blockerId === userId || b.blockedId === userId);
      state.userBlocks = state.userBlocks.filter((b) => !blocks.includes(b));
      for (const b of blocks) this.store.recordBlockChange(state, b.blockerId, b.blockedId);
      state.placeFollows = notTheirs(state.placeFollows);
      state.clients = state.clients.filter((c) => !clients.has(c.id));
      state.accessTokens = notOfTheirClients(state.accessTokens);
      state.refreshTokens = notOfTheirClients(state.refreshTokens);
      state.authorizationCodes = notOfTheirClients(state.authorizationCodes);
      state.webSessions = notTheirs(state.webSessions);
      state.twoStep = notTheirs(state.twoStep);
      state.recoveryCodes = notTheirs(state.recoveryCodes);
      state.signInChallenges = notTheirs(state.signInChallenges);
      return blobKeys;
    });
  }
}
