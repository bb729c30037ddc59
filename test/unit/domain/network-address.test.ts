import { networkOf } from '../../../src/domain/network-address';

describe('networkOf: an address cut to /24 or /48', () => {
  it.each([
    ['127.0.0.1', '127.0.0.0/24'],
    ['203.0.113.254', '203.0.113.0/24'],
    ['::ffff:198.51.100.7', '198.51.100.0/24'],
    ['2001:db8:1:2::5', '2001:db8:1::/48'],
    ['2001:0db8:00ab:ffff:1:2:3:4', '2001:db8:ab::/48'],
    ['::1', '0:0:0::/48'],
    ['fe80::1%eth0', 'fe80:0:0::/48'],
    ['2001:db8::', '2001:db8:0::/48'],
  ])('%s → %s', (address, network) => {
    expect(networkOf(address)).toBe(network);
  });

  it.each(['', 'localhost', '256.1.1.1', '1.2.3', '1:2:3:4:5:6:7:8:9', '1::2::3', 'g::1'])('%j is no address', (address) => {
    expect(networkOf(address)).toBeNull();
  });
});
