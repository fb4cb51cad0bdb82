import { describe, expect, it } from 'vitest';
import { postWebhook } from './delivery';
import { embeddedIpv4, isPrivateAddress, isPrivateHost, parseWebhookUrl } from './url-check';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.5',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd12:3456::1',
    'fc00::1',
    '::ffff:127.0.0.1',
    '::ffff:a00:5',
    '[::1]',
    'fe80::1%eth0',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  // Loopback, and the cloud metadata address, in every IPv6 form that carries an IPv4 address.
  it.each([
    ['IPv4-mapped', '::ffff:127.0.0.1'],
    ['IPv4-mapped, hex', '::ffff:7f00:1'],
    ['IPv4-mapped, written out', '0:0:0:0:0:ffff:7f00:1'],
    ['IPv4-translated', '::ffff:0:127.0.0.1'],
    ['IPv4-compatible', '::127.0.0.1'],
    ['IPv4-compatible, hex', '::7f00:1'],
    ['IPv4-compatible, metadata', '::169.254.169.254'],
    ['NAT64', '64:ff9b::7f00:1'],
    ['NAT64, dotted', '64:ff9b::127.0.0.1'],
    ['NAT64, metadata', '64:ff9b::a9fe:a9fe'],
    ['local-use NAT64, any address', '64:ff9b:1::808:808'],
    ['6to4', '2002:7f00:1::1'],
    ['6to4, private network', '2002:c0a8:101::1'],
    ['Teredo, loopback server', '2001:0:7f00:1::1'],
    // The client 10.0.0.1 is stored with its bits inverted: f5ff:fffe.
    ['Teredo, private client', '2001:0:808:808:0:0:f5ff:fffe'],
  ])('refuses the %s form %s', (_form, address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  // Every range of IANA's special-purpose registries (one address each), and multicast.
  it.each([
    '0.1.2.3',
    '192.0.0.9',
    '192.0.0.170',
    '192.0.2.10',
    '192.31.196.1',
    '192.52.193.1',
    '192.88.99.1',
    '192.175.48.1',
    '198.18.0.1',
    '198.19.255.255',
    '198.51.100.7',
    '203.0.113.99',
    '239.255.255.250',
    '240.0.0.1',
    '100::1',
    '100:0:0:1::1',
    '2001:2::1',
    '2001:1::1',
    '2001:10::1',
    '2001:20::1',
    '2001:db8::1',
    '2620:4f:8000::1',
    '3fff::1',
    '5f00::1',
    'fec0::1',
    'ff02::1',
    '::2:3:4:5:6',
    '4000::1',
    'e000::1',
  ])('refuses the special-purpose address %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '192.169.0.1',
    '2606:2800:220:1:248:1893:25c8:1946',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '::8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    // Teredo with a public server (8.8.8.8) and a public client (8.8.4.4, inverted).
    '2001:0:808:808:0:0:f7f7:fbfb',
  ])('allows %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it('reads the IPv4 address each IPv6 form carries', () => {
    expect(embeddedIpv4('::ffff:7f00:1')).toEqual(['127.0.0.1']);
    expect(embeddedIpv4('::127.0.0.1')).toEqual(['127.0.0.1']);
    expect(embeddedIpv4('64:ff9b::7f00:1')).toEqual(['127.0.0.1']);
    expect(embeddedIpv4('2002:c0a8:101::1')).toEqual(['192.168.1.1']);
    expect(embeddedIpv4('2001:0:808:808:0:0:f7f7:fbfb')).toEqual(['8.8.8.8', '8.8.4.4']);
    expect(embeddedIpv4('2606:2800:220:1:248:1893:25c8:1946')).toBeUndefined();
  });
});

describe('parseWebhookUrl', () => {
  const production = { isProduction: true };
  const development = { isProduction: false };

  it('takes https, and http only outside production', () => {
    expect(parseWebhookUrl('https://hooks.example.com/pactum', production)).toHaveProperty('url');
    expect(parseWebhookUrl('http://hooks.example.com/pactum', production)).toEqual({
      problem: 'webhook_url_invalid',
    });
    expect(parseWebhookUrl('http://127.0.0.1:8080/hook', development)).toHaveProperty('url');
  });

  it('refuses what is not an http(s) URL, and URLs with credentials', () => {
    for (const text of [
      'hooks.example.com',
      'ftp://hooks.example.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'https://user:secret@hooks.example.com/',
      'https://user@hooks.example.com/',
    ]) {
      expect(parseWebhookUrl(text, development)).toEqual({ problem: 'webhook_url_invalid' });
    }
  });

  it('refuses private IP literals in production, in every spelling the URL parser knows', () => {
    for (const text of [
      'https://127.0.0.1/hook',
      'https://10.0.0.5/',
      'https://[::1]/',
      'https://2130706433/',
      'https://0x7f.1/',
      'https://[::ffff:169.254.169.254]/',
      'https://[::127.0.0.1]/',
      'https://[64:ff9b::7f00:1]/',
      'https://[64:ff9b::127.0.0.1]:8443/',
      'https://[::ffff:0:127.0.0.1]/',
      'https://[2002:7f00:1::1]/',
      'https://[2001:0:7f00:1::1]/',
      'https://[fec0::1]/',
      'https://[100::1]/',
      'https://192.0.2.1/',
    ]) {
      expect(parseWebhookUrl(text, production)).toEqual({ problem: 'webhook_url_private' });
    }
    expect(parseWebhookUrl('https://10.0.0.5/', development)).toHaveProperty('url');
  });
});

describe('isPrivateHost', () => {
  const resolvesTo =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('refuses a name when any of its addresses is private', async () => {
    const url = new URL('https://hooks.example.com/');
    expect(await isPrivateHost(url, resolvesTo('93.184.216.34'))).toBe(false);
    expect(await isPrivateHost(url, resolvesTo('93.184.216.34', '10.1.2.3'))).toBe(true);
    expect(await isPrivateHost(url, resolvesTo('::1'))).toBe(true);
    // A name whose AAAA record is loopback in an IPv4-carrying form.
    expect(await isPrivateHost(url, resolvesTo('93.184.216.34', '::127.0.0.1'))).toBe(true);
    expect(await isPrivateHost(url, resolvesTo('64:ff9b::7f00:1'))).toBe(true);
    expect(await isPrivateHost(url, resolvesTo('2002:a9fe:a9fe::1'))).toBe(true);
  });

  it('resolves localhost for real to loopback', async () => {
    expect(await isPrivateHost(new URL('https://localhost/'))).toBe(true);
  });

  it('leaves a name that does not resolve to the delivery check', async () => {
    const failing = async () => {
      throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    };
    expect(await isPrivateHost(new URL('https://nowhere.invalid/'), failing)).toBe(false);
  });
});

describe('a delivery in production', () => {
  it('refuses every private form of the URL again, without connecting', async () => {
    const message = { id: 'whd_1', body: '{}' };
    for (const url of [
      'https://[::127.0.0.1]:1/hook',
      'https://[64:ff9b::7f00:1]:1/hook',
      'https://[2002:7f00:1::1]:1/hook',
    ]) {
      expect(
        await postWebhook({ url, secret: 'whsec_x' }, message, { isProduction: true }),
      ).toEqual({ statusCode: null, error: 'The address is on a private network' });
    }
  });

  it('checks the address the name resolves to when it connects', async () => {
    // 'localhost' resolves here and now to loopback: refused before any connection is made.
    const result = await postWebhook(
      { url: 'https://localhost:1/hook', secret: 'whsec_x' },
      { id: 'whd_2', body: '{}' },
      { isProduction: true },
    );
    expect(result.statusCode).toBeNull();
    expect(result.error).toMatch(/localhost: (127\.0\.0\.1|::1) is on a private network/);
  });
});
