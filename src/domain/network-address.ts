/**
 * A client address cut to its network, as the list of signed-in browsers shows it (§18): an IPv4 address to its
 * /24 (`203.0.113.7` → `203.0.113.0/24`), an IPv6 address to its /48 (`2001:db8:1:2::5` → `2001:db8:1::/48`); an
 * IPv4 address mapped into IPv6 (`::ffff:203.0.113.7`) counts as IPv4. Anything else is null.
 */
export function networkOf(address: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/iu.exec(address);
  const v4 = ipv4(mapped?.[1] ?? address);
  if (v4 !== null) return `${v4.slice(0, 3).join('.')}.0/24`;
  const v6 = ipv6(address);
  if (v6 === null) return null;
  return `${v6.slice(0, 3).map((group) => group.toString(16)).join(':')}::/48`;
}

function ipv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/u.test(p) && Number(p) <= 255)) return null;
  return parts.map(Number);
}

/** The eight 16-bit groups of an IPv6 address (a zone id dropped, a dotted IPv4 tail read as two groups). */
function ipv6(text: string): number[] | null {
  const bare = text.split('%', 1)[0] ?? '';
  if (!bare.includes(':')) return null;
  const halves = bare.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string): number[] | null => {
    if (half === '') return [];
    const out: number[] = [];
    const pieces = half.split(':');
    for (const [i, piece] of pieces.entries()) {
      const tail = i === pieces.length - 1 ? ipv4(piece) : null;
      if (tail !== null) out.push(((tail[0] ?? 0) << 8) | (tail[1] ?? 0), ((tail[2] ?? 0) << 8) | (tail[3] ?? 0));
      else if (/^[0-9a-f]{1,4}$/iu.test(piece)) out.push(parseInt(piece, 16));
      else return null;
    }
    return out;
  };
  const head = groups(halves[0] ?? '');
  const tail = halves.length === 2 ? groups(halves[1] ?? '') : [];
  if (head === null || tail === null) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing < 1 ? null : [...head, ...new Array<number>(missing).fill(0), ...tail];
}
