import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

/** A tenant's two-factor settings: tenant options of category `two-factor-authentication`. */
export interface TfaSettings {
  /** `enforced` = `true`: every user of the tenant must pass a second factor. */
  enforced: boolean;
  /** `strategy`: `TOTP` (default) or `SMS` (a pin sent to the user's phone). */
  strategy: 'TOTP' | 'SMS';
}

export const TFA_CATEGORY = 'two-factor-authentication';

/** Reads a tenant's TFA settings from its options (by `_id`, the options' hot path). */
@Injectable()
export class TfaSettingsReader {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  async of(tenant: string): Promise<TfaSettings> {
    const options = this.connection.db!.collection<{ _id: string; value?: string; deleted?: boolean }>('options');
    const read = async (key: string) => {
      const option = await options.findOne({ _id: `${tenant}/${TFA_CATEGORY}/${key}` });
      return option && !option.deleted ? String(option.value ?? '').trim() : undefined;
    };
    const [enforced, strategy] = await Promise.all([read('enforced'), read('strategy')]);
    return { enforced: enforced?.toLowerCase() === 'true', strategy: strategy?.toUpperCase() === 'SMS' ? 'SMS' : 'TOTP' };
  }
}
