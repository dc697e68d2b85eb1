import { Inject, Injectable } from '@nestjs/common';
import { forbidden, Principal } from '@berth/auth';
import { DomainError } from '@berth/http';
import { ApplicationDocument } from '../domain/application';
import { isVisibleTo, mayChange } from '../domain/application-rules';
import { ApplicationRepository } from '../infrastructure/application.repository';
import { SubscriptionProjection } from '../infrastructure/subscription.projection';
import { TenantLineageProjection } from '../infrastructure/tenant-lineage.projection';
import type { RegistryConfig } from '../../config/application-registry.env';
import { REGISTRY_CONFIG } from '../../config/registry-config.token';

/** Loads applications as a caller may see them: 404 when absent or invisible, 403 to change another tenant's. */
@Injectable()
export class ApplicationAccess {
  constructor(
    private readonly repository: ApplicationRepository, private readonly subscriptions: SubscriptionProjection,
    private readonly lineage: TenantLineageProjection, @Inject(REGISTRY_CONFIG) private readonly config: RegistryConfig,
  ) {}

  async visible(id: string, caller: Principal): Promise<ApplicationDocument> {
    const app = await this.repository.findById(id);
    if (app && await this.isVisible(app, caller.tenant)) return app;
    throw new DomainError('applications', 'Not Found', `Application with id ${id} not found`);
  }

  /** Whether `tenant` may read `app` (docs/api/applications.md): offered to it (own, ancestors' or management's MARKET) or subscribed. */
  async isVisible(app: Pick<ApplicationDocument, '_id' | 'owner' | 'availability'>, tenant: string): Promise<boolean> {
    if (app.owner === tenant) return true;
    return isVisibleTo(app, await this.lineage.lineageOf(tenant), this.config.BERTH_MANAGEMENT_TENANT, false) || await this.subscriptions.isSubscribed(tenant, app._id);
  }

  async changeable(id: string, caller: Principal): Promise<ApplicationDocument> {
    const app = await this.visible(id, caller);
    if (!mayChange(app, caller.tenant)) throw forbidden(`Only the owner tenant ${app.owner} may change application ${id}`);
    return app;
  }
}
