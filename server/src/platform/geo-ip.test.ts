import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { lookupGeoIp } from './geo-ip';

describe('geo-IP lookup of a signer', () => {
  let server: http.Server;
  let base = '';
  const asked: string[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      asked.push(request.url ?? '');
      const ip = decodeURIComponent((request.url ?? '').split('/')[2] ?? '');
      if (ip === '198.51.100.9') {
        response.writeHead(500).end();
      } else if (ip === '198.51.100.10') {
        // slower than the timeout
        setTimeout(() => response.writeHead(200).end('{"city":"Late"}'), 500);
      } else if (ip === '198.51.100.11') {
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html>nope</html>');
      } else if (ip === '2001:db8::1') {
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ip, city: 'Tampere', country_name: 'Finland', country: 'FI' }));
      } else {
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ query: ip, status: 'success', city: 'Oulu', country: 'Finland' }));
      }
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('asks the configured service with the address and reads city and country', async () => {
    const template = `${base}/json/{ip}/`;
    expect(await lookupGeoIp(template, '203.0.113.7')).toEqual({
      ip: '203.0.113.7',
      city: 'Oulu',
      country: 'Finland',
    });
    expect(await lookupGeoIp(template, '2001:db8::1')).toEqual({
      ip: '2001:db8::1',
      city: 'Tampere',
      country: 'Finland',
    });
    expect(asked).toContain('/json/203.0.113.7/');
  });

  it('gives null when unset, failing, slow, not JSON or not an address, and asks nothing for a non-IP', async () => {
    const template = `${base}/json/{ip}/`;
    expect(await lookupGeoIp(undefined, '203.0.113.7')).toBeNull();
    expect(await lookupGeoIp(template, '198.51.100.9')).toBeNull();
    expect(await lookupGeoIp(template, '198.51.100.10', { timeoutMs: 100 })).toBeNull();
    expect(await lookupGeoIp(template, '198.51.100.11')).toBeNull();
    const before = asked.length;
    expect(await lookupGeoIp(template, '../admin')).toBeNull();
    expect(asked.length).toBe(before);
    expect(await lookupGeoIp('http://127.0.0.1:1/{ip}', '203.0.113.7')).toBeNull();
  });

  it('takes GEOIP_URL from the configuration, which must name {ip}', () => {
    expect(loadConfig({ GEOIP_URL: `${base}/{ip}` }).geoIpUrl).toBe(`${base}/{ip}`);
    expect(loadConfig({}).geoIpUrl).toBeUndefined();
    expect(() => loadConfig({ GEOIP_URL: `${base}/lookup` })).toThrow(/GEOIP_URL: Put \{ip\}/);
  });
});
