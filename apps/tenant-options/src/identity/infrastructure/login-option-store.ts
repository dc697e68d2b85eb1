import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { SecretBox, secretBoxFromConfig } from '@berth/auth';
import { DomainError } from '@berth/http';
import { TENANT_OPTIONS_CONFIG } from '../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../config/tenant-options.env';
import { LoginOptionFields, loginOptionId, LoginOptionRecord, loginOptionSecretContext } from '../domain/login-option';

export const LOGIN_OPTIONS = 'loginOptions';

/** The tenants' OAuth2 login options; client secrets are sealed at rest and open only for their own option. */
@Injectable()
export class LoginOptionStore implements OnModuleInit {
  readonly options: Collection<LoginOptionRecord>;
  private readonly box: SecretBox;

  constructor(@InjectConnection() connection: Connection, @Inject(TENANT_OPTIONS_CONFIG) config: TenantOptionsConfig) {
    this.options = connection.db!.collection<LoginOptionRecord>(LOGIN_OPTIONS);
    this.box = secretBoxFromConfig(config);
  }

  async onModuleInit() {
    await this.options.createIndex({ tenant: 1, id: 1 });
  }

  /** The tenant's options, oldest first. */
  list(tenant: string): Promise<LoginOptionRecord[]> {
    return this.options.find({ tenant }).sort({ creationTime: 1, id: 1 }).limit(100).toArray();
  }

  /** @throws 404 `loginOptions/Not Found`. */
  async get(tenant: string, id: string): Promise<LoginOptionRecord> {
    const option = await this.options.findOne({ _id: loginOptionId(tenant, id) });
    if (!option) throw new DomainError('loginOptions', 'Not Found', `Login option ${id} does not exist in tenant ${tenant}`);
    return option;
  }

  /** Creates or replaces an option; answers it and whether it was created. */
  async put(tenant: string, id: string, fields: LoginOptionFields, now = new Date()): Promise<{ option: LoginOptionRecord; created: boolean }> {
    const _id = loginOptionId(tenant, id);
    const existing = await this.options.findOne({ _id });
    const { clientSecret, ...rest } = fields;
    const sealed = clientSecret === null ? undefined
      : clientSecret !== undefined ? this.box.seal(clientSecret, loginOptionSecretContext(tenant, id)) : existing?.clientSecret;
    const option: LoginOptionRecord = { ...rest, _id, tenant, id, creationTime: existing?.creationTime ?? now, lastUpdated: now, ...(sealed ? { clientSecret: sealed } : {}) };
    for (const key of Object.keys(option) as Array<keyof LoginOptionRecord>) if (option[key] === undefined) delete option[key];
    await this.options.replaceOne({ _id }, option, { upsert: true });
    return { option, created: !existing };
  }

  /** @throws 404 when there is no such option. */
  async remove(tenant: string, id: string): Promise<void> {
    const result = await this.options.deleteOne({ _id: loginOptionId(tenant, id) });
    if (result.deletedCount === 0) throw new DomainError('loginOptions', 'Not Found', `Login option ${id} does not exist in tenant ${tenant}`);
  }

  /** The option's client secret in clear, for the token request only. */
  clientSecret(option: LoginOptionRecord): string | undefined {
    return option.clientSecret ? this.box.open(option.clientSecret, loginOptionSecretContext(option.tenant, option.id)) : undefined;
  }

  removeTenant(tenant: string) {
    return this.options.deleteMany({ tenant });
  }
}
