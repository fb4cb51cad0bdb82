/**
 * A Content-Disposition header for a file name of any script: `filename` for old clients
 * (printable ASCII, quotes and backslashes dropped) and `filename*` (RFC 6266) with the real
 * name. `inline` opens in the browser (e.g. a PDF viewer), `attachment` downloads.
 */
export function contentDisposition(
  name: string,
  disposition: 'inline' | 'attachment' = 'attachment',
): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
