import { isPublicAddress } from './public-address';

describe('push endpoint addresses', () => {
  it.each([
    '127.0.0.1', '127.1.2.3', '10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1',
    '239.255.255.250', '255.255.255.255', '240.0.0.1', '198.18.0.1',
    '::', '::1', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', 'fec0::1', '2001:db8::1', '2002:7f00:1::1', '64:ff9b:1::1',
    '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe', '0:0:0:0:0:ffff:7f00:1', '::127.0.0.1',
    'localhost', 'not-an-address', '',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address, false)).toBe(false);
  });

  it.each(['142.250.74.10', '8.8.8.8', '1.1.1.1', '2607:f8b0:4004:c07::5f', '2a00:1450:4001:82b::200a', '::ffff:8.8.8.8', '::ffff:808:808', '172.32.0.1'])('admits %s', (address) => {
    expect(isPublicAddress(address, false)).toBe(true);
  });

  it('PUSH_ALLOW_LOOPBACK admits 127.0.0.1 and ::1 only', () => {
    expect(isPublicAddress('127.0.0.1', true)).toBe(true);
    expect(isPublicAddress('::1', true)).toBe(true);
    for (const address of ['127.0.0.2', '10.0.0.1', '192.168.1.1', '::ffff:127.0.0.1', 'fe80::1', '0.0.0.0', '::']) expect(isPublicAddress(address, true)).toBe(false);
  });
});
