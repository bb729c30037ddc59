import { DomainError, type FieldProblem } from './domain-error';
import { codePointLength, longerThan } from './text';

/** A member of the service, as the write side sees it. */
export interface User {
  id: number;
  username: string;
  email: string;
  name: string | null;
  description: string | null;
  blogUrl: string | null;
  hometown: string | null;
  twitter: string | null;
  hasAvatar: boolean;
  createdAt: Date;
}

export const USERNAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{1,29}$/u;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;

export interface NewUserFields {
  username: string;
  email: string;
  password: string;
  name?: string | null;
}

/** Checks a sign-up: username 2-30 of letters, digits, `_ . -`; a plausible e-mail; a password of 8+ characters. */
export function validateNewUser(input: NewUserFields): NewUserFields {
  const fields = { ...input, email: input.email.trim() };
  const problems: FieldProblem[] = [];
  if (!USERNAME.test(fields.username)) {
    problems.push({ name: 'username', problem: 'must be 2-30 letters, digits, "_", "." or "-", starting with a letter, digit or "_"' });
  }
  if (/^\d+$/u.test(fields.username)) problems.push({ name: 'username', problem: 'must not be only digits' });
  if (!EMAIL.test(fields.email) || fields.email.length > 254) problems.push({ name: 'email', problem: 'must be an e-mail address' });
  if (codePointLength(fields.password) < 8) problems.push({ name: 'password', problem: 'must be at least 8 characters' });
  if (fields.name != null && longerThan(fields.name, 100)) problems.push({ name: 'name', problem: 'must be at most 100 characters' });
  if (problems.length > 0) throw DomainError.invalid(problems);
  return { ...fields, name: fields.name?.trim() || null };
}

/** Gravatar's rule: lowercase hex MD5 of the trimmed, lowercased e-mail (the digest is computed by the caller). */
export function gravatarInput(email: string): string {
  return email.trim().toLowerCase();
}
