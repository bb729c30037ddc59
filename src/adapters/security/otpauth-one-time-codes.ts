import { Secret, TOTP } from 'otpauth';
import type { OneTimeCodes } from '../../application/ports/one-time-codes';

/** What §18 asks for, and what every authenticator app understands. */
const PARAMETERS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** The issuer an authenticator app shows beside the account. */
const ISSUER = 'Place Notes';

/** TOTP by `otpauth` (RFC 6238 over RFC 4226). */
export class OtpauthOneTimeCodes implements OneTimeCodes {
  newKey(): string {
    return new Secret({ size: 20 }).base32;
  }

  matchingStep(key: string, code: string, now: Date): number | null {
    if (!/^\d{6}$/u.test(code)) return null;
    const timestamp = now.getTime();
    const delta = new TOTP({ ...PARAMETERS, secret: Secret.fromBase32(key) }).validate({ token: code, timestamp, window: 1 });
    return delta === null ? null : TOTP.counter({ period: PARAMETERS.period, timestamp }) + delta;
  }

  keyUri(key: string, accountName: string): string {
    return new TOTP({ ...PARAMETERS, issuer: ISSUER, label: accountName, secret: Secret.fromBase32(key) }).toString();
  }
}
