/** How a client authenticated: HTTP Basic (RFC 6749 §2.3.1) or `client_id` / `client_secret` in the body. */
export interface ClientCredentials {
  clientId: string;
  /** Null for a public client, which sends only its id. */
  clientSecret: string | null;
  basic: boolean;
}

/** The client fields of a token or revocation form. */
interface ClientFields {
  client_id?: string;
  client_secret?: string;
}

/** The credentials a token-endpoint request carries, or null when it names no client. */
export function clientCredentials(authorization: string | undefined, body: ClientFields): ClientCredentials | null {
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/iu.exec(authorization ?? '');
  if (basic?.[1] !== undefined) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon <= 0) return null;
    // Both parts are form-encoded before base64 (RFC 6749 §2.3.1).
    const id = safeDecode(decoded.slice(0, colon));
    const secret = safeDecode(decoded.slice(colon + 1));
    return id === null || secret === null ? null : { clientId: id, clientSecret: secret === '' ? null : secret, basic: true };
  }
  if (!body.client_id) return null;
  return { clientId: body.client_id, clientSecret: body.client_secret || null, basic: false };
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/gu, ' '));
  } catch {
    return null;
  }
}

/** HTTP Basic credentials, decoded; null without them; 'conflict' when the body authenticates the client too. */
export function basicCredentials(authorization: string | undefined, body: ClientFields): ClientCredentials | null | 'conflict' {
  if (!/^Basic\s/iu.test(authorization ?? '')) return null;
  const credentials = clientCredentials(authorization, {});
  if (credentials === null) return null;
  if (body.client_secret !== undefined || (body.client_id !== undefined && body.client_id !== credentials.clientId)) return 'conflict';
  return credentials;
}
