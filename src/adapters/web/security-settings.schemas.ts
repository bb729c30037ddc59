import { Type } from 'typebox';
import { Text } from '../page-kit/forms';

/** Changing the password: the current one, and the new one. */
export const ChangePasswordForm = Type.Object({ current_password: Text, new_password: Text, _csrf: Text });

/** Confirming a new key with a code of it (the key travels in a hidden field of the page that showed it). */
export const TurnOnTwoStepForm = Type.Object({ key: Text, code: Text, _csrf: Text });

/** Turning two-step sign-in off: the password and a code (or a recovery code). */
export const TurnOffTwoStepForm = Type.Object({ password: Text, code: Text, _csrf: Text });

/** The session a "Sign out" button names. */
export const SessionParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,9}$' }) });

/** The code asked for after the password. */
export const SignInCodeForm = Type.Object({ code: Text, next: Text, _csrf: Text });
