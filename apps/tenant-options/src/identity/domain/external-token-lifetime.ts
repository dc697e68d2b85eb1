/** Seconds of clock difference allowed between the token's signer and this platform. */
export const CLOCK_SKEW_SECONDS = 30;

/**
 * Whether an externally signed token's lifetime is within `maxSeconds` (see docs/security.md,
 * "External JWTs"). The lifetime runs from the later of `iat` and `nbf`, or from the
 * time of the check when the token has neither, to `exp`. A token issued in the future (`iat`
 * more than the clock skew ahead), or whose `iat`/`nbf`/`exp` is not a number, is refused.
 */
export function isWithinLifetimeCap(payload: Record<string, unknown>, maxSeconds: number, now = Date.now()): boolean {
  const seconds = now / 1000;
  const { iat, nbf, exp } = payload;
  if (typeof exp !== 'number') return false;
  if ((iat !== undefined && typeof iat !== 'number') || (nbf !== undefined && typeof nbf !== 'number')) return false;
  if (typeof iat === 'number' && iat - CLOCK_SKEW_SECONDS > seconds) return false;
  const given = [iat, nbf].filter((t): t is number => typeof t === 'number');
  const start = given.length > 0 ? Math.max(...given) : seconds;
  return exp - start <= maxSeconds;
}
