/**
 * The redirect URI with parameters added to its query (keeping the query it was registered with);
 * null values are left out. `state` comes back exactly as the client sent it.
 */
export function redirectTo(redirectUri: string, params: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) {
    if (value !== null) url.searchParams.append(name, value);
  }
  return url.toString();
}
