import type { Driver } from 'kysely';

/** A tuple without its first element: a driver method's arguments after the connection. */
export type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;
export type SavepointStep = NonNullable<Driver['savepoint']>;
export type SavepointArgs = DropFirst<Parameters<SavepointStep>>;

/** A savepoint method of a wrapped driver, bound to it (Kysely's PostgreSQL and PGlite drivers have all three). */
export function savepointStep(driver: Driver, name: 'savepoint' | 'rollbackToSavepoint' | 'releaseSavepoint'): SavepointStep {
  const step = driver[name];
  if (step === undefined) throw new Error('this database driver has no savepoints');
  return step.bind(driver);
}
