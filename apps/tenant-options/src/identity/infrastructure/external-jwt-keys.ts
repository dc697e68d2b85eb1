import { createPublicKey, KeyObject } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

export const PUBLIC_KEY_CATEGORY = 'token.publicKey';

interface KeyOption { _id: string; value?: string; deleted?: boolean; version?: number }

/**
 * The RSA public keys tenants upload as options `token.publicKey/<kid>` (docs/security.md,
 * "External JWTs"), imported once as KeyObjects: each lookup reads the option by `_id` and reuses the
 * imported key while the option's version is unchanged, so a replaced or deleted key takes effect
 * on every replica at once, without parsing PEM on every verification.
 */
@Injectable()
export class ExternalJwtKeys {
  private readonly keys = new Map<string, { version: number; key: KeyObject }>();

  constructor(@InjectConnection() private readonly connection: Connection) {}

  async get(tenant: string, kid: string): Promise<KeyObject | undefined> {
    const id = `${tenant}/${PUBLIC_KEY_CATEGORY}/${kid}`;
    const option = await this.connection.db!.collection<KeyOption>('options').findOne({ _id: id }, { projection: { value: 1, deleted: 1, version: 1 } });
    if (!option || option.deleted || !option.value) {
      this.keys.delete(id);
      return undefined;
    }
    const cached = this.keys.get(id);
    if (cached && cached.version === option.version) return cached.key;
    try {
      const key = createPublicKey(option.value);
      this.keys.set(id, { version: option.version ?? 0, key });
      return key;
    } catch {
      return undefined;
    }
  }
}
