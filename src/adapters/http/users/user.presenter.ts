import type { UserSummaryView } from '../../../application/ports/note-views';
import type { UserView } from '../../../application/ports/user-views';
import { association } from '../common.schemas';
import { apiPath, type Links } from '../links';
import type { User, UserSummary } from './user.schemas';

export function presentUserSummary(user: UserSummaryView, links: Links): UserSummary {
  return {
    avatar: {
      hasAvatar: user.hasAvatar,
      hash: user.avatarHash,
      urlRoot: links.avatar(user.avatarHash),
    },
    id: user.id,
    link: links.user(user.username),
    name: user.name,
    username: user.username,
  };
}

export function presentUserListItem(user: UserSummaryView, links: Links) {
  return { ...presentUserSummary(user, links), description: user.description };
}

/** The full profile; the specification types its text fields as strings, so unset ones are "". */
export function presentUser(user: UserView, links: Links, withAssociations: boolean): User {
  const basic = { ...presentUserSummary(user, links), name: user.name ?? '', description: user.description ?? '' };
  if (!withAssociations) return basic;
  const list = (name: string, count: number) => association(count, apiPath('users', user.id, name));
  return {
    ...basic,
    blogUrl: user.blogUrl ?? '',
    favorites: list('favorites', user.counts.favorites),
    followedNotemaps: list('followed_notemaps', user.counts.followedNotemaps),
    followedPlaces: list('followed_places', user.counts.followedPlaces),
    followers: list('followers', user.counts.followers),
    following: list('following', user.counts.following),
    hometown: user.hometown ?? '',
    notemaps: list('notemaps', user.counts.notemaps),
    notes: list('notes', user.counts.notes),
    publicPlacesCount: user.publicPlacesCount,
    twitter: user.twitter ?? '',
  };
}
