/** The successful web sign-ups of each client address, for the hour they count (SIGNUP_LIMIT_PER_HOUR). */
export interface SignUpLog {
  /**
   * When the address (as its SHA-256, `addressHash`) signed up since `since`, oldest first. Inside a unit of work it
   * first waits for any other sign-up of the same address under way, so two at once cannot both take the last place.
   */
  since(addressHash: string, since: Date): Promise<Date[]>;
  /** Counts a sign-up of the address at `at`, and forgets every sign-up (of any address) before `forgetBefore`. */
  record(addressHash: string, at: Date, forgetBefore: Date): Promise<void>;
}
