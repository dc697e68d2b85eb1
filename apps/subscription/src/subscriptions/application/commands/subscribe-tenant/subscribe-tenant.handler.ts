import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@berth/http';
import { SUBSCRIPTION_CONFIG } from '../../../../config/subscription-config.token';
import type { SubscriptionConfig } from '../../../../config/subscription.env';
import { KnownApplication, SubscriptionDocument, subscriptionId } from '../../../domain/subscription';
import { checkDependencies, checkManager, checkVisible, referencedApplicationId } from '../../../domain/subscription-rules';
import { CatalogueProjection } from '../../../infrastructure/catalogue.projection';
import { SubscriptionRepository } from '../../../infrastructure/subscription.repository';
import { SubscriptionEvents } from '../../subscription-events';
import { SubscribeResult, SubscribeTenantCommand } from './subscribe-tenant.command';

const duplicate = (tenant: string, app: KnownApplication) => new DomainError('applications', 'Duplicate', `Tenant ${tenant} is already subscribed to application ${app.name}`);

@CommandHandler(SubscribeTenantCommand)
export class SubscribeTenantHandler implements ICommandHandler<SubscribeTenantCommand> {
  constructor(
    private readonly catalogue: CatalogueProjection,
    private readonly repository: SubscriptionRepository,
    private readonly events: SubscriptionEvents,
    @Inject(SUBSCRIPTION_CONFIG) private readonly config: SubscriptionConfig,
  ) {}

  async execute({ tenant, body, caller }: SubscribeTenantCommand): Promise<SubscribeResult> {
    checkManager(caller, tenant, this.config.BERTH_MANAGEMENT_TENANT);
    const applicationId = referencedApplicationId(body);
    const known = await this.catalogue.tenant(tenant);
    if (!known) throw new DomainError('tenants', 'Not Found', `Tenant ${tenant} does not exist`);
    const application = await this.catalogue.application(applicationId);
    checkVisible(application, applicationId, known, this.config.BERTH_MANAGEMENT_TENANT);
    const current = await this.repository.find(tenant, applicationId);
    if (current?.subscribed) throw duplicate(tenant, application);
    checkDependencies(application, (await this.repository.activeOf(tenant)).map((s) => s.applicationName));
    const subscription = this.subscription(tenant, application, (current?.version ?? 0) + 1);
    const messages = [this.events.subscribed(subscription)];
    if (!this.events.stores()) await this.events.publishNow(messages);
    else if (!(await this.repository.subscribe(current, subscription, messages))) throw duplicate(tenant, application);
    return { subscription, application };
  }

  private subscription(tenant: string, app: KnownApplication, version: number): SubscriptionDocument {
    return {
      _id: subscriptionId(tenant, app._id), tenant, applicationId: app._id, applicationName: app.name, applicationType: app.type,
      ...(app.dependencies ? { dependencies: app.dependencies } : {}),
      ...(app.type === 'MICROSERVICE' ? { requiredRoles: app.requiredRoles ?? [], roles: app.roles ?? [] } : {}),
      ...(app.isolation ? { isolation: app.isolation } : {}),
      ...(app.manifestVersion ? { manifestVersion: app.manifestVersion } : {}),
      subscribed: true, version, subscribedAt: new Date(),
    };
  }
}
