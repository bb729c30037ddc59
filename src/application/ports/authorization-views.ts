import type { Scope } from '../../domain/scopes';
import { portToken } from './port-token';

/** An application that holds access to a user's account. */
export interface AuthorizationView {
  /** The client's public `client_id`. */
  clientId: string;
  name: string;
  /** Every scope its live tokens hold together. */
  scopes: Scope[];
  /** When the oldest live token was issued. */
  since: Date;
}

/** Which applications hold live (unrevoked, unexpired) access or refresh tokens of a user. */
export interface AuthorizationViews {
  /** Newest grant first. */
  listForUser(userId: number, now: Date): Promise<AuthorizationView[]>;
}
export const AUTHORIZATION_VIEWS = portToken<AuthorizationViews>('AuthorizationViews');
