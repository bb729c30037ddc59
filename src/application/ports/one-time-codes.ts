import { portToken } from './port-token';

/** TOTP (RFC 6238): SHA-1, 6 digits, 30-second steps, a code of the step before or after accepted too. */
export interface OneTimeCodes {
  /** A new random key of 160 bits, in base32. */
  newKey(): string;
  /** The time step whose code this is, within one step of `now`; null when it is none of them. */
  matchingStep(key: string, code: string, now: Date): number | null;
  /** The `otpauth://totp/…` URI an authenticator app reads (from a QR code) to add the key. */
  keyUri(key: string, accountName: string): string;
}
export const ONE_TIME_CODES = portToken<OneTimeCodes>('OneTimeCodes');
