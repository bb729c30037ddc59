/** Who reads: `readerId` may see non-public notes (a user with `readall`); `userId` gets personal flags. */
export interface Viewer {
  readonly readerId: number | null;
  readonly userId: number | null;
}
