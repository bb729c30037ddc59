import type { UserSummaryView } from '../../../application/ports/note-views';
import type { StoredUser } from './memory-store';

export function userSummary(user: StoredUser): UserSummaryView {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    description: user.description,
    avatarHash: user.avatarHash,
    hasAvatar: user.hasAvatar,
  };
}
