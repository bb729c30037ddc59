import { Type } from 'typebox';
import { Text } from '../page-kit/forms';

/** A link from a mail: `?token=…`. */
export const TokenQuery = Type.Object({ token: Text });
/** "Verify": the token and the CSRF token. */
export const VerifyEmailForm = Type.Object({ token: Text, _csrf: Text });
/** "Forgot your password?": a username or an e-mail address. */
export const ForgotPasswordForm = Type.Object({ login: Text, _csrf: Text });
/** A new password through a reset link. */
export const ResetPasswordForm = Type.Object({ token: Text, password: Text, _csrf: Text });
/** A new e-mail address, with the password. */
export const ChangeEmailForm = Type.Object({ email: Text, password: Text, _csrf: Text });
/** The security page after a change of address was asked. */
export const SecurityPageQuery = Type.Object({ 'email-change': Text });
