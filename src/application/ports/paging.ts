/** A window of a list: `offset` items skipped, at most `limit` returned. */
export interface PageRequest {
  offset: number;
  limit: number;
}

/** One page of a list and the total number of items the whole list holds for this caller. */
export interface Page<T> {
  items: T[];
  total: number;
}
