import type { Scope } from '../../domain/scopes';
import { portToken } from './port-token';

/** An application that holds access to a user's account: live tokens, or webhook subscriptions it made for them. */
export interface AuthorizationView {
  /** The client's public `client_id`. */
  clientId: string;
  name: string;
  /** Every scope its live tokens hold together; none when it holds no live token (only subscriptions). */
  scopes: Scope[];
  /** How many webhook subscriptions it made for the user (docs/events.md). */
  webhooks: number;
  /** When the oldest live token was issued, or, with none, when the oldest subscription was made. */
  since: Date;
}

/**
 * Which applications hold live (unrevoked, unexpired) access or refresh tokens of a user, or webhook subscriptions
 * made for them (a subscription whose grant lapsed is still listed until it is deleted, so the user sees it and can
 * end it).
 */
export interface AuthorizationViews {
  /** Newest grant first. */
  listForUser(userId: number, now: Date): Promise<AuthorizationView[]>;
}
export const AUTHORIZATION_VIEWS = portToken<AuthorizationViews>('AuthorizationViews');
