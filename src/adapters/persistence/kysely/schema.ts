import type { ColumnType, Generated } from 'kysely';

/** A timestamptz column: read as a Date, written as a Date. */
type Timestamp = ColumnType<Date, Date, Date>;
/** A timestamptz column the database fills in on insert when none is given. */
type DefaultTimestamp = ColumnType<Date, Date | undefined, Date>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  name: string | null;
  description: string | null;
  blog_url: string | null;
  hometown: string | null;
  twitter: string | null;
  /** Lowercase hex MD5 of the normalised e-mail, computed by the caller. */
  avatar_hash: string;
  has_avatar: Generated<boolean>;
  /** The blob key of the uploaded avatar; set exactly when `has_avatar` is true. */
  avatar_key: Generated<string | null>;
  /** When the address in `email` was verified (migration 0021); null until then. */
  email_verified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Timestamp;
}

export interface OauthClientsTable {
  id: Generated<number>;
  client_id: string;
  secret_hash: string | null;
  name: string;
  owner_id: number;
  redirect_uris: string[];
  allow_implicit: Generated<boolean>;
  created_at: Timestamp;
}

export interface AuthorizationCodesTable {
  id: Generated<number>;
  code_hash: string;
  client_id: number;
  user_id: number;
  redirect_uri: string;
  scopes: string;
  code_challenge: string | null;
  code_challenge_method: string | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface AccessTokensTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  client_id: number;
  /** Space-separated scope names. */
  scopes: string;
  /** The code the token was issued for, so a replayed code can revoke it. */
  authorization_code_id: number | null;
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  token_hash: string;
  access_token_id: number | null;
  user_id: number;
  client_id: number;
  scopes: string;
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

export interface PlacesTable {
  id: Generated<number>;
  city: string | null;
  state: string | null;
  country: string | null;
  /** Case-insensitive identity of (city, state, country); see place-key.ts. */
  key: string;
  created_at: DefaultTimestamp;
}

export interface NotesTable {
  id: Generated<number>;
  author_id: number;
  place_id: number | null;
  title: string | null;
  message: string;
  visibility: 'public' | 'recipients' | 'self';
  latitude: number;
  longitude: number;
  street: string | null;
  street_number: string | null;
  street_address: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
  iso_country_code: string | null;
  zoom_level: number | null;
  /** Migration 0009: how precisely others see the note, and the position they see (the exact one when exact). */
  location_precision: 'exact' | 'street' | 'neighborhood' | 'city';
  public_latitude: number;
  public_longitude: number;
  public_views_count: Generated<number>;
  comments_count: Generated<number>;
  favoriters_count: Generated<number>;
  finders_count: Generated<number>;
  notemaps_count: Generated<number>;
  image_key: string | null;
  image_width: number | null;
  image_height: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Totals kept by triggers with the writes (migration 0005): `public_notes`, the notes whose visibility is public. */
export interface NoteCountersTable {
  name: string;
  /** A counter is the sum of its shards (migration 0006). */
  shard: Generated<number>;
  value: number;
}

export interface NoteRecipientsTable {
  note_id: number;
  user_id: number;
}

export interface TagsTable {
  id: Generated<number>;
  name: string;
  created_at: DefaultTimestamp;
}

export interface NoteTagsTable {
  note_id: number;
  tag_id: number;
  /** Given in the `tags` field, rather than only taken from a #hashtag of the message. */
  explicit: boolean;
  /** Order of the tag in the note, so tags read back as they were written. */
  position: number;
}

export interface CommentsTable {
  id: Generated<number>;
  note_id: number;
  author_id: number;
  title: string | null;
  body: string;
  favoriters_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface NoteFavoritesTable {
  note_id: number;
  user_id: number;
  created_at: Timestamp;
}

export interface CommentFavoritesTable {
  comment_id: number;
  user_id: number;
  created_at: Timestamp;
}

export interface NoteFindsTable {
  note_id: number;
  user_id: number;
  created_at: Timestamp;
}

export interface NotemapsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  description: string | null;
  last_note_added_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface NotemapNotesTable {
  notemap_id: number;
  note_id: number;
  added_at: Timestamp;
  /** The note's `created_at` and whether it is public: the database's triggers write them (migration 0020), never a statement. */
  note_created_at: ColumnType<Date, never, never>;
  note_public: ColumnType<boolean, never, never>;
}

/** How many of a notemap's notes are public, a row per notemap: only the database's triggers write it (migration 0020). */
export interface NotemapCountersTable {
  notemap_id: ColumnType<number, never, never>;
  public_notes: ColumnType<number, never, never>;
}

export interface NotemapFollowsTable {
  notemap_id: number;
  user_id: number;
  created_at: Timestamp;
}

export interface UserFollowsTable {
  follower_id: number;
  followed_id: number;
  created_at: Timestamp;
}

export interface UserBlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: Timestamp;
}

export interface PlaceFollowsTable {
  place_id: number;
  user_id: number;
  created_at: Timestamp;
}

/** Every table of the database, as Kysely sees it (migrations in db/migrations define them). */
export interface Schema {
  users: UsersTable;
  oauth_clients: OauthClientsTable;
  authorization_codes: AuthorizationCodesTable;
  access_tokens: AccessTokensTable;
  refresh_tokens: RefreshTokensTable;
  places: PlacesTable;
  notes: NotesTable;
  note_counters: NoteCountersTable;
  note_recipients: NoteRecipientsTable;
  tags: TagsTable;
  note_tags: NoteTagsTable;
  comments: CommentsTable;
  note_favorites: NoteFavoritesTable;
  comment_favorites: CommentFavoritesTable;
  note_finds: NoteFindsTable;
  notemaps: NotemapsTable;
  notemap_notes: NotemapNotesTable;
  notemap_counters: NotemapCountersTable;
  notemap_follows: NotemapFollowsTable;
  user_follows: UserFollowsTable;
  user_blocks: UserBlocksTable;
  place_follows: PlaceFollowsTable;
}
