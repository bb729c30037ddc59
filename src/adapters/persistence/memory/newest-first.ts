/** Orders rows newest first: by `createdAt`, then by `id`, both descending, as the SQL lists do. */
export function newestFirst(a: { createdAt: Date; id: number }, b: { createdAt: Date; id: number }): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;
}
