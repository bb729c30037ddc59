import { portToken } from './port-token';
/** The current time; injected so tests can hold it still. */
export interface Clock {
  now(): Date;
}
export const CLOCK = portToken<Clock>('Clock');
