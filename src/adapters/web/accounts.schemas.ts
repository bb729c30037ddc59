import { Type } from 'typebox';
import { Text } from '../page-kit/forms';

/** Where to go after signing up or logging in: a path of this site (checked by `safeNext`). */
export const NextQuery = Type.Object({ next: Text });

/**
 * The sign-up form. Every field is optional text: a missing one is empty, and the domain says what is
 * wrong with it, with the same rules as the API's user creation.
 */
export const SignUpForm = Type.Object({ username: Text, email: Text, password: Text, next: Text, _csrf: Text });

/** The log-in form: `username` is a username or an e-mail address. */
export const LogInForm = Type.Object({ username: Text, password: Text, next: Text, _csrf: Text });

/** A form with nothing but its CSRF token (log out, regenerate a secret, revoke an authorization). */
export const CsrfOnlyForm = Type.Object({ _csrf: Text });

/** Deleting the account: the password typed again. */
export const DeleteAccountForm = Type.Object({ password: Text, _csrf: Text });
