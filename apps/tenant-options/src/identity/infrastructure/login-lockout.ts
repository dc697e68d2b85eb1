import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { Logger } from 'pino';
import { PINO, REDIS } from '@berth/runtime';
import { TENANT_OPTIONS_CONFIG } from '../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../config/tenant-options.env';

/**
 * Counts failed logins per user in Redis; after `BERTH_LOGIN_MAX_FAILURES` within
 * `BERTH_LOGIN_LOCKOUT_SECONDS` the user is locked out for that long (logged once, at lockout).
 */
@Injectable()
export class LoginLockout {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(TENANT_OPTIONS_CONFIG) private readonly config: TenantOptionsConfig,
    @Inject(PINO) private readonly logger: Logger,
  ) {}

  async isLocked(id: string): Promise<boolean> {
    return (await this.redis.exists(this.key('lock', id))) === 1;
  }

  /** Records a failure; true when this failure locked the user out. */
  async failed(id: string): Promise<boolean> {
    const seconds = this.config.BERTH_LOGIN_LOCKOUT_SECONDS;
    const [[, count]] = (await this.redis.multi().incr(this.key('failures', id)).expire(this.key('failures', id), seconds).exec())! as [[null, number]];
    if (count < this.config.BERTH_LOGIN_MAX_FAILURES) return false;
    await this.redis.multi().set(this.key('lock', id), '1', 'EX', seconds).del(this.key('failures', id)).exec();
    this.logger.warn({ user: id, failures: count, lockSeconds: seconds }, 'user locked out after failed logins');
    return true;
  }

  async succeeded(id: string): Promise<void> {
    await this.redis.del(this.key('failures', id));
  }

  private key(kind: string, id: string) {
    return `${this.config.BERTH_DB_PREFIX}:login-${kind}:${id}`;
  }
}
