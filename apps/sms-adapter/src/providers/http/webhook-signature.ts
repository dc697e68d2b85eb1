import { createHmac, timingSafeEqual } from 'node:crypto';

/** `sha256=<hex>` of HMAC-SHA256 over `<timestamp>.<body>` with `secret`. */
export function webhookSignature(secret: string, timestamp: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')}`;
}

/** Compares two strings in constant time (for equal lengths). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** HMAC-SHA256 of `data` with `key`, base64url: a tag that proves Berth wrote `data`. */
export function hmacTag(key: string, data: string): string {
  return createHmac('sha256', key).update(data).digest('base64url');
}
