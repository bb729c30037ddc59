/** The command line itself is wrong (unknown command or option, missing value): exit status 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
