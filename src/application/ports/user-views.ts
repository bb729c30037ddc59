import type { UserSummaryView } from './note-views';
import type { Viewer } from './viewer';
import { portToken } from './port-token';

/** A user's profile with the sizes of their lists, as the viewer may see them. */
export interface UserView extends UserSummaryView {
  blogUrl: string | null;
  hometown: string | null;
  twitter: string | null;
  /** Distinct (city, country) among the user's public notes. */
  publicPlacesCount: number;
  counts: {
    favorites: number;
    followedNotemaps: number;
    followedPlaces: number;
    followers: number;
    following: number;
    notemaps: number;
    notes: number;
  };
}

export interface UserViews {
  get(viewer: Viewer, id: number): Promise<UserView | null>;
  /** Case-insensitive. */
  getByUsername(viewer: Viewer, username: string): Promise<UserView | null>;
}
export const USER_VIEWS = portToken<UserViews>('UserViews');
