import { describe, expect, it } from 'vitest';
import { isPrivateAddress, isPrivateHost, parseWebhookUrl } from './url-check';

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

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '192.169.0.1',
    '2606:2800:220:1:248:1893:25c8:1946',
    '::ffff:8.8.8.8',
  ])('allows %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
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
