/** A "Forgot your password?" as typed, waiting for the mail worker. */
export interface ResetRequest {
  id: number;
  /** The username or e-mail address typed, trimmed. */
  login: string;
  createdAt: Date;
}

/**
 * Password reset requests: the request writes one row whatever was typed; the mail worker takes each once (across
 * instances) and turns it into a mail when an account matches. Reached through a unit of work's `resetRequests`.
 */
export interface ResetRequests {
  add(login: string, now: Date): Promise<number>;
  /** Removes and answers the oldest request no other transaction holds; null when none waits. */
  takeOne(): Promise<ResetRequest | null>;
}
