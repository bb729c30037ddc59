import { Type } from 'typebox';
import { Text } from '../page-kit/forms';

/** The registration form; check boxes are present (any value) when ticked. */
export const RegisterApplicationForm = Type.Object({
  name: Text,
  /** One redirect URI per line (or separated by white space). */
  redirect_uris: Text,
  public: Text,
  allow_implicit: Text,
  _csrf: Text,
});

export const ClientIdParams = Type.Object({ clientId: Type.String() });

/** An application card's client-side flow form: its button sends `allow=on` or `allow=off`. */
export const ClientSideFlowForm = Type.Object({
  allow: Type.Union([Type.Literal('on'), Type.Literal('off')]),
  _csrf: Text,
});

/** `?revoked=1` after an authorization was revoked. */
export const AuthorizationsQuery = Type.Object({ revoked: Text });

/** The applications page after a verification link was sent again (`?verification=sent`). */
export const VerificationQuery = Type.Object({ verification: Text });
