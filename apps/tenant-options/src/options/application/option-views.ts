import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Principal, SecretBox } from '@berth/auth';
import { PINO, PublicBase } from '@berth/runtime';
import { TENANT_OPTIONS_CONFIG } from '../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../config/tenant-options.env';
import { OptionScope, optionPath, SYSTEM_OWNER } from '../domain/option-scope';
import { OptionView } from '../domain/option-view';
import { canReadSecret } from '../domain/secret-readers';
import { OptionDocument } from '../infrastructure/option.document';
import { SECRET_BOX } from '../infrastructure/secret-box.provider';

/** Turns stored options into what a caller may see: secrets decrypted only for their readers. */
@Injectable()
export class OptionViews {
  private get base(): string { return this.publicBase.url; }

  constructor(
    @Inject(TENANT_OPTIONS_CONFIG) private readonly config: TenantOptionsConfig,
    @Inject(SECRET_BOX) private readonly box: SecretBox,
    @Inject(PINO) private readonly logger: Logger,
    private readonly publicBase: PublicBase,
  ) {}

  get managementTenant(): string {
    return this.config.BERTH_MANAGEMENT_TENANT;
  }

  view(doc: OptionDocument, principal: Principal): OptionView {
    const value = this.valueFor(doc, principal);
    return { self: `${this.base}${optionPath(scopeOf(doc, this.managementTenant), doc.category, doc.key)}`, category: doc.category, key: doc.key, ...(value === undefined ? {} : { value }) };
  }

  /** The value the caller may read, or undefined (a secret they may not read, or one that cannot be opened). */
  valueFor(doc: OptionDocument, principal: Principal): string | undefined {
    if (doc.sealed === undefined) return doc.value;
    if (!canReadSecret(principal, doc.category, this.managementTenant)) return undefined;
    try {
      return this.box.open(doc.sealed, doc._id);
    } catch (err) {
      this.logger.error({ option: doc._id, reason: (err as Error).message }, 'a stored secret option cannot be decrypted; is its key in BERTH_SECRETS_PREVIOUS_KEYS?');
      return undefined;
    }
  }
}

function scopeOf(doc: OptionDocument, managementTenant: string): OptionScope {
  return doc.owner === SYSTEM_OWNER ? { kind: 'system', managementTenant } : { kind: 'tenant', tenant: doc.owner };
}
