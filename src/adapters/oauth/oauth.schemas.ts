import { Type } from 'typebox';
import { Text } from '../page-kit/forms';

/**
 * The parameters of an authorization request (RFC 6749 §4.1.1, §4.2.1, RFC 7636 §4.3), each sent once;
 * `redirect_url` is read as `redirect_uri`. Which are required, and their values, is checked by the use case.
 */
const AuthorizationFields = {
  client_id: Text,
  redirect_uri: Text,
  redirect_url: Text,
  response_type: Text,
  scope: Text,
  state: Text,
  code_challenge: Text,
  code_challenge_method: Text,
};

export const AuthorizeQuery = Type.Object(AuthorizationFields);

/** The consent form: the request's parameters again, the decision, and the scopes left ticked. */
export const ConsentForm = Type.Object({
  ...AuthorizationFields,
  decision: Text,
  grant: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
  _csrf: Text,
});

/**
 * Token endpoint parameters (RFC 6749 §4.1.3, §6, RFC 7636 §4.5). Any other parameter must be text too,
 * so a parameter sent twice is refused whatever its name (RFC 6749 §3.2); the library checks which are required.
 */
export const TokenForm = Type.Object({
  grant_type: Text,
  code: Text,
  redirect_uri: Text,
  code_verifier: Text,
  refresh_token: Text,
  scope: Text,
  client_id: Text,
  client_secret: Text,
}, { additionalProperties: Type.String() });

/** Revocation parameters (RFC 7009 §2.1), with the same rule for the others. */
export const RevokeForm = Type.Object({
  token: Text,
  token_type_hint: Text,
  client_id: Text,
  client_secret: Text,
}, { additionalProperties: Type.String() });
