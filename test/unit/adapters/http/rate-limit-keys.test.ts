import { normalizeIP } from '@fastify/rate-limit';
import { ipKey } from '../../../../src/adapters/http/rate-limit';

describe('the rate limit key of a client without a token', () => {
  it('is an IPv4 address as it is', () => {
    expect(ipKey('api', { ip: '203.0.113.7' })).toBe('api:ip:203.0.113.7');
    expect(ipKey('web', { ip: '127.0.0.1' })).toBe('web:ip:127.0.0.1');
  });

  it('groups IPv6 addresses by their /64, as the plugin does', () => {
    const a = ipKey('api', { ip: '2001:db8:1:2:aaaa::1' });
    expect(a).toBe(ipKey('api', { ip: '2001:db8:1:2:bbbb:cccc:dddd:eeee' }));
    expect(a).not.toBe(ipKey('api', { ip: '2001:db8:1:3::1' }));
    expect(a).toBe(`api:ip:${normalizeIP('2001:db8:1:2::')}`);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(ipKey('api', { ip: '::ffff:203.0.113.7' })).toBe('api:ip:203.0.113.7');
  });
});
