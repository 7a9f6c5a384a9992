import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets (session, share, print, payment and invitation tokens, codes). */
const SECRET_PARAM = /token|code|key|secret|sig|password|pwd|invite/i;
/** A path segment that looks like a random token (base64url/hex, 20+ characters). */
const TOKEN_SEGMENT = /^[A-Za-z0-9_-]{20,}$/;

/**
 * The URL as the request log may keep it: values of secret-looking query parameters and
 * token-like path segments (e.g. the sandbox cashier's /:token) become [redacted]. Tokens still
 * travel in URLs where a link must carry one (a share link the client opens), so the log never
 * holds a usable one.
 */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = path
    .split('/')
    .map((segment) => (TOKEN_SEGMENT.test(segment) && /\d/.test(segment) ? '[redacted]' : segment))
    .join('/');
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const [name = '', value] = pair.split('=', 2);
      return value !== undefined && SECRET_PARAM.test(safeDecode(name)) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/** A malformed percent-encoding (anyone can send one) must not break the request log. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Pino's request serializer with the URL redacted (headers, where the session token is, are not logged). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
