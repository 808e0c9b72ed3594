/**
 * The studio writes files, so only its own pages may drive it. A request is served only when its Host
 * is the loopback address and port the studio listens on (a DNS-rebinding page reaches 127.0.0.1 under
 * its own host name), and when it says an Origin, that is the studio's own (another site's page, or a
 * sandboxed one, whose Origin is "null"). A request that changes something must be JSON, which a page
 * elsewhere cannot send without a preflight the studio never answers.
 */
import type { IncomingMessage } from 'node:http';

export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

/** Why the request is refused, or undefined when it is the studio's own. */
export function refusal(req: IncomingMessage, port: number): string | undefined {
  const hosts = allowedHosts(port);
  const host = req.headers.host?.toLowerCase();
  if (!host || !hosts.includes(host)) return `Host ${JSON.stringify(req.headers.host ?? '')} is not the studio's (${hosts.join(' or ')})`;
  const origin = req.headers.origin;
  if (origin !== undefined && !hosts.some((h) => origin.toLowerCase() === `http://${h}`)) return `Origin ${JSON.stringify(origin)} is not the studio's`;
  if (req.method !== 'GET' && req.method !== 'HEAD' && req.url?.startsWith('/studio-api/')) {
    const type = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') return 'the studio API takes JSON (Content-Type: application/json)';
  }
  return undefined;
}
