/**
 * The `otpauth://totp/…` URI the platform answers with a new TOTP secret (docs/api/tenants-users-auth.md#two-factor-authentication),
 * read into what a person types into an authenticator app by hand.
 */
export interface OtpAuth { issuer?: string; account: string; secret: string; algorithm: string; digits: number; period: number }

/** The URI's parts (authenticator apps' defaults where it names none), or undefined when it is not a TOTP URI. */
export function parseOtpauth(uri: string): OtpAuth | undefined {
  const match = /^otpauth:\/\/totp\/([^?]*)(?:\?(.*))?$/i.exec(uri.trim());
  if (!match) return undefined;
  const query = new URLSearchParams(match[2] ?? '');
  const secret = query.get('secret')?.replace(/[\s=]/g, '').toUpperCase();
  if (!secret) return undefined;
  const label = decode(match[1]);
  const colon = label.indexOf(':');
  const digits = Number(query.get('digits') ?? 6);
  const period = Number(query.get('period') ?? 30);
  return {
    issuer: query.get('issuer') ?? (colon > 0 ? label.slice(0, colon) : undefined),
    account: colon >= 0 ? label.slice(colon + 1).trim() : label,
    secret,
    algorithm: (query.get('algorithm') ?? 'SHA1').toUpperCase(),
    digits: Number.isInteger(digits) && digits > 0 ? digits : 6,
    period: Number.isInteger(period) && period > 0 ? period : 30,
  };
}

/** A base32 secret in groups of four, as it is easiest to read and type. */
export function groupSecret(secret: string): string {
  return (secret.replace(/[\s=]/g, '').toUpperCase().match(/.{1,4}/g) ?? []).join(' ');
}

/** What a TOTP code must look like before the platform is asked: `digits` ASCII digits, spaces ignored. */
export function cleanCode(text: string, digits = 6): string | undefined {
  const code = text.replace(/\s/g, '');
  return new RegExp(`^[0-9]{${digits}}$`).test(code) ? code : undefined;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
