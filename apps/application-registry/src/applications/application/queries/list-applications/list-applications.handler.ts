import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Filter } from 'mongodb';
import type { RegistryConfig } from '../../../../config/application-registry.env';
import { REGISTRY_CONFIG } from '../../../../config/registry-config.token';
import { ApplicationDocument } from '../../../domain/application';
import { visibleFilter } from '../../../domain/application-rules';
import { ApplicationRepository } from '../../../infrastructure/application.repository';
import { SubscriptionProjection } from '../../../infrastructure/subscription.projection';
import { TenantLineageProjection } from '../../../infrastructure/tenant-lineage.projection';
import { ApplicationPage, ListApplicationsQuery } from './list-applications.query';

type AppFilter = Filter<ApplicationDocument>;

@QueryHandler(ListApplicationsQuery)
export class ListApplicationsHandler implements IQueryHandler<ListApplicationsQuery> {
  constructor(
    private readonly repository: ApplicationRepository, private readonly subscriptions: SubscriptionProjection,
    private readonly lineage: TenantLineageProjection, @Inject(REGISTRY_CONFIG) private readonly config: RegistryConfig,
  ) {}

  async execute({ criteria, page, caller }: ListApplicationsQuery): Promise<ApplicationPage> {
    const subscribed = (tenant: string) => this.subscriptions.applicationIdsOf(tenant);
    const clauses: AppFilter[] = [
      visibleFilter(await this.lineage.lineageOf(caller.tenant), this.config.BERTH_MANAGEMENT_TENANT, await subscribed(caller.tenant)),
    ];
    if (criteria.name !== undefined) clauses.push({ name: criteria.name });
    if (criteria.owner !== undefined) clauses.push({ owner: criteria.owner });
    if (criteria.type?.length) clauses.push({ type: { $in: criteria.type } } as AppFilter);
    if (criteria.subscriber !== undefined) clauses.push({ _id: { $in: await subscribed(criteria.subscriber) } });
    if (criteria.providedFor !== undefined) {
      clauses.push({ _id: { $in: await subscribed(criteria.providedFor) }, owner: { $ne: criteria.providedFor } });
    }
    if (criteria.tenant !== undefined) {
      clauses.push({ $or: [{ owner: criteria.tenant }, { _id: { $in: await subscribed(criteria.tenant) } }] });
    }
    if (criteria.hasVersions !== undefined) clauses.push({ 'applicationVersions.0': { $exists: criteria.hasVersions } });
    const filter: AppFilter = clauses.length === 1 ? clauses[0] : { $and: clauses };
    const [applications, total] = await Promise.all([
      this.repository.collection.find(filter).sort({ _id: 1 }).skip(page.skip).limit(page.pageSize).toArray(),
      page.withTotalPages ? this.repository.collection.countDocuments(filter) : Promise.resolve(undefined),
    ]);
    return { applications, total };
  }
}
