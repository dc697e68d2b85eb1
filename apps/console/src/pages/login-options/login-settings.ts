/**
 * The login settings a tenant changes itself, kept as tenant options (docs/api/options.md#categories-the-platform-reads):
 * two-factor enforcement and strategy, and the lifetime of the platform's tokens and session cookies.
 */
export const TFA_CATEGORY = 'two-factor-authentication';
export const TOKEN_CATEGORY = 'oauth.internal';
export const TOKEN_LIFESPAN_KEY = 'basic-token.lifespan.seconds';
export const TFA_STRATEGIES = ['TOTP', 'SMS'] as const;
export type TfaStrategy = (typeof TFA_STRATEGIES)[number];
/** The shortest token lifetime the platform takes. */
export const MIN_TOKEN_LIFESPAN_SECONDS = 60;

export interface TfaSettings { enforced: boolean; strategy: TfaStrategy }

/** The category map as the platform reads it: `enforced` is on for `true` in any case; the strategy defaults to TOTP. */
export function tfaSettingsOf(map: Record<string, string> | undefined): TfaSettings {
  const strategy = map?.strategy?.toUpperCase();
  return { enforced: map?.enforced?.trim().toLowerCase() === 'true', strategy: strategy === 'SMS' ? 'SMS' : 'TOTP' };
}

/** The map `PUT /tenant/options/two-factor-authentication` sets. */
export function tfaOptions(settings: TfaSettings): Record<string, string> {
  return { enforced: String(settings.enforced), strategy: settings.strategy };
}

/** A typed token lifetime: undefined for the platform default (empty), a whole number of seconds, or why it is refused. */
export function tokenLifespan(text: string): { ok: true; seconds?: number } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (!trimmed) return { ok: true };
  const seconds = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || seconds < MIN_TOKEN_LIFESPAN_SECONDS) return { ok: false, error: `The token lifetime is a whole number of seconds, at least ${MIN_TOKEN_LIFESPAN_SECONDS}` };
  return { ok: true, seconds };
}
