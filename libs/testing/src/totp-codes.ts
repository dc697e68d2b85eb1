import { base32Decode, hotp, totpStep } from '@berth/auth';

/**
 * A TOTP code (RFC 6238) for `secret` of a step in the platform's window (the current step and one
 * either side) that no earlier call with the same `used` set took: the platform accepts each code once.
 */
export function freshTotpCode(secret: string, used: Set<number>): string {
  const now = totpStep();
  const step = [now, now + 1, now - 1].find((s) => !used.has(s));
  if (step === undefined) throw new Error('no unused step left in the window');
  used.add(step);
  return hotp(base32Decode(secret), step);
}
