import type { UserSummaryView } from '../../../application/ports/note-views';
import type { UsersTable } from './schema';

/** The columns a user summary needs. */
export type UserSummaryRow = Pick<UsersTable, 'username' | 'name' | 'description' | 'avatar_hash'> & {
  id: number;
  has_avatar: boolean;
};

export function toUserSummary(row: UserSummaryRow): UserSummaryView {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    description: row.description,
    avatarHash: row.avatar_hash,
    hasAvatar: row.has_avatar,
  };
}
