import { isWithinLifetimeCap } from './external-token-lifetime';

const NOW = 1_800_000_000_000;
const t = NOW / 1000;
const DAY = 86400;

describe('isWithinLifetimeCap', () => {
  it('counts from iat', () => {
    expect(isWithinLifetimeCap({ iat: t - 10, exp: t - 10 + DAY }, DAY, NOW)).toBe(true);
    expect(isWithinLifetimeCap({ iat: t - 10, exp: t - 10 + DAY + 1 }, DAY, NOW)).toBe(false);
  });

  it('counts from nbf when it is later than iat', () => {
    expect(isWithinLifetimeCap({ iat: t - 1000, nbf: t, exp: t + DAY }, DAY, NOW)).toBe(true);
    expect(isWithinLifetimeCap({ iat: t, nbf: t - 1000, exp: t + DAY }, DAY, NOW)).toBe(true);
    expect(isWithinLifetimeCap({ iat: t, nbf: t - 1000, exp: t + DAY + 1 }, DAY, NOW)).toBe(false);
  });

  it('counts from the time of the check when the token has neither iat nor nbf', () => {
    expect(isWithinLifetimeCap({ exp: t + DAY }, DAY, NOW)).toBe(true);
    expect(isWithinLifetimeCap({ exp: t + DAY + 1 }, DAY, NOW)).toBe(false);
  });

  it('refuses a token a century long, one issued in the future, and claims that are not numbers', () => {
    expect(isWithinLifetimeCap({ iat: t, exp: t + 100 * 365 * DAY }, DAY, NOW)).toBe(false);
    expect(isWithinLifetimeCap({ iat: t + 100 * 365 * DAY, exp: t + 100 * 365 * DAY + 60 }, DAY, NOW)).toBe(false);
    expect(isWithinLifetimeCap({ iat: t + 20, exp: t + 80 }, DAY, NOW)).toBe(true);
    expect(isWithinLifetimeCap({ iat: String(t), exp: t + 60 }, DAY, NOW)).toBe(false);
    expect(isWithinLifetimeCap({ nbf: null, exp: t + 60 }, DAY, NOW)).toBe(false);
    expect(isWithinLifetimeCap({ iat: t }, DAY, NOW)).toBe(false);
  });
});
