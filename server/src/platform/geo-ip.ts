import { isIP } from 'node:net';

/** Where a signature came from (spec 3 §3, signedGeoIp). */
export type GeoIp = { ip: string; city: string | null; country: string | null };

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 200) : null;

/**
 * Looks an address up at the configured geolocation service (GEOIP_URL, `{ip}` replaced). The
 * service answers JSON with `city` and `country` (or `country_name`, as ipapi.co does). When no
 * service is configured, the address is not an IP, or the service fails or is slow, the answer
 * is null and signing goes on without a location.
 */
export async function lookupGeoIp(
  urlTemplate: string | undefined,
  ip: string,
  options: { timeoutMs?: number } = {},
): Promise<GeoIp | null> {
  if (!urlTemplate || isIP(ip) === 0) return null;
  try {
    const response = await fetch(urlTemplate.replaceAll('{ip}', encodeURIComponent(ip)), {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs ?? 3000),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as Record<string, unknown>;
    if (body.error === true || body.status === 'fail') return null;
    const city = text(body.city);
    const country = text(body.country_name) ?? text(body.country);
    if (!city && !country) return null;
    return { ip, city, country };
  } catch {
    return null;
  }
}
