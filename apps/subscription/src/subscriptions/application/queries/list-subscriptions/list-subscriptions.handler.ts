import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SUBSCRIPTION_CONFIG } from '../../../../config/subscription-config.token';
import type { SubscriptionConfig } from '../../../../config/subscription.env';
import { checkReader } from '../../../domain/subscription-rules';
import { CatalogueProjection } from '../../../infrastructure/catalogue.projection';
import { SubscriptionRepository } from '../../../infrastructure/subscription.repository';
import { ListSubscriptionsQuery, SubscriptionPage } from './list-subscriptions.query';

@QueryHandler(ListSubscriptionsQuery)
export class ListSubscriptionsHandler implements IQueryHandler<ListSubscriptionsQuery> {
  constructor(
    private readonly repository: SubscriptionRepository,
    private readonly catalogue: CatalogueProjection,
    @Inject(SUBSCRIPTION_CONFIG) private readonly config: SubscriptionConfig,
  ) {}

  async execute({ tenant, page, caller }: ListSubscriptionsQuery): Promise<SubscriptionPage> {
    checkReader(caller, tenant, this.config.BERTH_MANAGEMENT_TENANT);
    const rows = await this.repository.activeOf(tenant, page.skip, page.pageSize);
    const applications = await this.catalogue.applicationsById(rows.map((r) => r.applicationId));
    return {
      items: rows.map((subscription) => ({ subscription, application: applications.get(subscription.applicationId) })),
      ...(page.withTotalPages ? { total: await this.repository.countActiveOf(tenant) } : {}),
    };
  }
}
