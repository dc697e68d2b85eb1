import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { SecretBox, secretBoxFromConfig } from '@berth/auth';
import { DomainError } from '@berth/http';
import { REDIS } from '@berth/runtime';
import { TENANT_OPTIONS_CONFIG } from '../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../config/tenant-options.env';
import { matchTotp } from '@berth/auth';
import { UserRecord } from './identity-records';
import { LoginLockout } from './login-lockout';
import { TfaPins } from './tfa-pins';
import { TfaSettingsReader } from './tfa-settings';

/** What a login offers as second factor: a fresh code (`tfa_code`) or a TFA token from an earlier one (`TFAToken`, `tfa_token`). */
export interface SecondFactor { code?: string; token?: string }
/** A passed second factor: the TFA token to answer (when a code was used) and when the login's validity ends. */
export interface TfaPassed { tfaToken?: string; expiresAt?: number }

export const TFA_CODE_REQUIRED = 'TFA TOTP code required';
export const TFA_SETUP_REQUIRED = 'TFA TOTP setup required';
/** The header a 401 carries when the TFA token sent is expired or unknown, so the client asks for a new code. */
export const TFA_TOKEN_EXPIRED_HEADER = { tfatokenexpired: 'TFATokenExpired' };

const refuse = (message: string, headers: Record<string, string> = {}) => new DomainError('security', 'Unauthorized', message, headers);
const totpContext = (user: Pick<UserRecord, '_id'>) => `totp:${user._id}`;

/**
 * Two-factor authentication (docs/api/tenants-users-auth.md). A user needs a second factor when
 * they activated TOTP, or their tenant enforces TFA (option `two-factor-authentication/enforced`);
 * with strategy `SMS` a pin is sent through the sms-adapter. A passed code yields a TFA token
 * (random, kept in Redis as a hash for `BERTH_TFA_TOKEN_SECONDS`) that later logins and Basic
 * requests (header `TFAToken`) present instead of a code. Each TOTP step is accepted once per
 * user; wrong codes count towards the login lockout.
 */
@Injectable()
export class TwoFactor {
  private readonly box: SecretBox;

  constructor(
    private readonly settings: TfaSettingsReader, private readonly pins: TfaPins, private readonly lockout: LoginLockout,
    @Inject(REDIS) private readonly redis: Redis, @Inject(TENANT_OPTIONS_CONFIG) private readonly config: TenantOptionsConfig,
  ) {
    this.box = secretBoxFromConfig(config);
  }

  /** Checks the second factor of `user`, whose password was right. @throws 401 naming TFA when it is missing or wrong. */
  async check(user: UserRecord, factor: SecondFactor, now = Date.now()): Promise<TfaPassed> {
    if (!(await this.isRequired(user))) return {};
    const settings = await this.settings.of(user.tenant);
    const totp = user.totp?.active ? user.totp : undefined;
    const token = factor.token && factor.token !== 'undefined' ? factor.token : undefined;
    const code = factor.code && factor.code !== 'undefined' ? factor.code.trim() : undefined;
    if (token && !code) {
      const ttl = await this.redis.pttl(this.tokenKey(token));
      if (ttl <= 0 || (await this.redis.get(this.tokenKey(token))) !== user._id) throw refuse('TFA token expired or invalid: log in again with a TFA code', TFA_TOKEN_EXPIRED_HEADER);
      return { expiresAt: now + ttl };
    }
    if (totp) return this.passTotp(user, this.box.open(totp.secret, totpContext(user)), code, now);
    if (settings.strategy === 'TOTP') throw refuse(TFA_SETUP_REQUIRED);
    if (!user.phone) throw refuse('TFA SMS setup required: the user has no phone number');
    if (!code) {
      await this.pins.send({ ...user, phone: user.phone }, now);
      throw refuse('TFA SMS pin required: a pin was sent to the user\'s phone');
    }
    if (!(await this.pins.consume(user._id, code, now))) return this.failed(user, 'Invalid credentials! : the TFA SMS pin is wrong or expired');
    return this.issue(user, now);
  }

  /** Whether `user` must pass a second factor to log in: a user (not a machine) with TOTP active, or of a tenant that enforces TFA. */
  async isRequired(user: UserRecord): Promise<boolean> {
    if (user.kind !== 'user') return false;
    return !!user.totp?.active || (await this.settings.of(user.tenant)).enforced;
  }

  /** Seals a TOTP secret for storage on the user. */
  sealTotp(user: Pick<UserRecord, '_id'>, secret: string): string {
    return this.box.seal(secret, totpContext(user));
  }

  openTotp(user: Pick<UserRecord, '_id'>, sealed: string): string {
    return this.box.open(sealed, totpContext(user));
  }

  /** The step a code matches, if it matches and that step was not used by the user before. */
  async acceptTotp(user: Pick<UserRecord, '_id'>, secret: string, code: string, now = Date.now()): Promise<boolean> {
    const step = matchTotp(secret, code, now);
    if (step === undefined) return false;
    return (await this.redis.set(`${this.config.BERTH_DB_PREFIX}:tfa-step:${user._id}:${step}`, '1', 'EX', 120, 'NX')) === 'OK';
  }

  private async passTotp(user: UserRecord, secret: string, code: string | undefined, now: number): Promise<TfaPassed> {
    if (!code) throw refuse(TFA_CODE_REQUIRED);
    if (!(await this.acceptTotp(user, secret, code, now))) return this.failed(user, 'Invalid credentials! : the TFA TOTP code is wrong or was used already');
    return this.issue(user, now);
  }

  private async failed(user: UserRecord, message: string): Promise<never> {
    await this.lockout.failed(user._id);
    throw refuse(message);
  }

  private async issue(user: UserRecord, now: number): Promise<TfaPassed> {
    const tfaToken = randomBytes(24).toString('base64url');
    await this.redis.set(this.tokenKey(tfaToken), user._id, 'EX', this.config.BERTH_TFA_TOKEN_SECONDS);
    return { tfaToken, expiresAt: now + this.config.BERTH_TFA_TOKEN_SECONDS * 1000 };
  }

  private tokenKey(token: string) {
    return `${this.config.BERTH_DB_PREFIX}:tfa-token:${createHash('sha256').update(token).digest('base64url')}`;
  }
}
