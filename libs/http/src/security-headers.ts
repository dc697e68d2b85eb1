/**
 * The Content-Security-Policy of each kind of answer (docs/security.md), all kept here.
 * API answers (JSON, the default of every answer): nothing loaded from them, never framed.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";
/**
 * Berth's own HTML pages (the `/api-docs` reference): scripts, styles, images, fonts and requests
 * from the page's own origin only (images and fonts also as `data:` URLs, which swagger-ui's
 * stylesheet uses), no inline script, no plugins, never framed.
 */
export const PAGE_CSP = [
  "default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:", "font-src 'self' data:",
  "connect-src 'self'", "base-uri 'none'", "form-action 'self'", "object-src 'none'", "frame-ancestors 'none'",
].join('; ');
/** The policy a hosted microservice's answer gets when it sets none: not framed, its pages still load what they need. */
export const SERVICE_CSP = "frame-ancestors 'none'";

/**
 * The security headers of every answer (docs/security.md): no MIME sniffing, no framing, no
 * `Referer` leaving the platform, and HSTS (one year) only when the public URL is https. One
 * frozen object per process: set it on a response before its own headers, which win, so a
 * header an app or a hosted microservice sets itself is kept (an HTML page sets `PAGE_CSP`). No
 * `X-Powered-By` is ever sent.
 */
export function securityHeaders(publicUrl: string): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'content-security-policy': API_CSP,
    'referrer-policy': 'no-referrer',
  };
  if (new URL(publicUrl).protocol === 'https:') headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  return Object.freeze(headers);
}
