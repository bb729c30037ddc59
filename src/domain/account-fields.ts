import { DomainError } from './domain-error';
import { codePointLength } from './text';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;

/** A new password: at least 8 characters, as at sign-up. */
export function validatePassword(password: string, field = 'password'): void {
  if (codePointLength(password) < 8) throw DomainError.invalid([{ name: field, problem: 'must be at least 8 characters' }]);
}

/** An e-mail address as at sign-up: trimmed, plausible, at most 254 characters. */
export function validateEmail(email: string, field = 'email'): string {
  const trimmed = email.trim();
  if (!EMAIL.test(trimmed) || trimmed.length > 254) throw DomainError.invalid([{ name: field, problem: 'must be an e-mail address' }]);
  return trimmed;
}
