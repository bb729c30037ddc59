import { portToken } from './port-token';
/** Whether the database answers, for the readiness probe. */
export interface DatabaseHealth {
  ping(): Promise<boolean>;
}
export const DATABASE_HEALTH = portToken<DatabaseHealth>('DatabaseHealth');
