import { portToken } from './port-token';

/** How many web sign-ups one client address may make in an hour (SIGNUP_LIMIT_PER_HOUR). */
export interface SignUpPolicy {
  limitPerHour: number;
}
export const SIGN_UP_POLICY = portToken<SignUpPolicy>('SignUpPolicy');
