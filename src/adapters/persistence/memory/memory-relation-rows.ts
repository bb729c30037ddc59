/**
 * The rows of a relation between a subject and users (a follow, a favorite, a find) as the memory store keeps them:
 * one per pair, which its fields other than `createdAt` name, as the database's key on the pair does.
 */

/** Adds the pair's row, made `now`, unless it is there; true when it was added. */
export function addRelationRow<Pair extends object>(rows: NoInfer<Pair & { createdAt: Date }>[], pair: Pair, now: Date): boolean {
  if (rows.some((row) => isPair(row, pair))) return false;
  rows.push({ ...pair, createdAt: new Date(now) });
  return true;
}

/** Removes the pair's row in place; true when there was one. */
export function removeRelationRow<Pair extends object>(rows: NoInfer<Pair>[], pair: Pair): boolean {
  const index = rows.findIndex((row) => isPair(row, pair));
  if (index === -1) return false;
  rows.splice(index, 1);
  return true;
}

function isPair<Pair extends object>(row: Pair, pair: Pair): boolean {
  return (Object.keys(pair) as (keyof Pair)[]).every((key) => row[key] === pair[key]);
}
