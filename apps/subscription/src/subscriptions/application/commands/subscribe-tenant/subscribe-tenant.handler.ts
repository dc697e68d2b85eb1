import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { acceptedRolesOf, pendingRoles } from '@berth/contracts';
import { DomainError } from '@berth/http';
import { SUBSCRIPTION_CONFIG } from '../../../../config/subscription-config.token';
import type { SubscriptionConfig } from '../../../../config/subscription.env';
import { KnownApplication, SubscriptionDocument, subscriptionId } from '../../../domain/subscription';
import { checkDependencies, checkManager, checkVisible, referencedApplicationId } from '../../../domain/subscription-rules';
import { CatalogueProjection } from '../../../infrastructure/catalogue.projection';
import { CurrentRoles, RegistryRolesReader } from '../../../infrastructure/registry-roles.reader';
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
    private readonly registryRoles: RegistryRolesReader,
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
    const roles = application.type === 'MICROSERVICE' ? await this.registryRoles.of(applicationId) : undefined;
    if (current?.subscribed) return this.acceptRoles(current, application, roles);
    checkDependencies(application, (await this.repository.activeOf(tenant)).map((s) => s.applicationName));
    const subscription = this.subscription(tenant, application, (current?.version ?? 0) + 1, roles);
    const messages = [this.events.subscribed(subscription)];
    if (!this.events.stores()) await this.events.publishNow(messages);
    else if (!(await this.repository.subscribe(current, subscription, messages))) throw duplicate(tenant, application);
    return { subscription, application: withRoles(application, roles), created: true };
  }

  /**
   * Subscribing again while subscribed accepts the microservice's current `requiredRoles` when
   * some of them were not accepted yet (a later widening): the service user gets them once
   * tenant-options renews it. With nothing pending it stays 409 Duplicate.
   */
  private async acceptRoles(current: SubscriptionDocument, application: KnownApplication, roles: CurrentRoles | undefined): Promise<SubscribeResult> {
    if (!roles || !pendingRoles(roles.requiredRoles, acceptedRolesOf(current)).length) throw duplicate(current.tenant, application);
    const subscription: SubscriptionDocument = { ...current, ...acceptedFields(roles), version: current.version + 1 };
    delete subscription.servicePassword;
    const messages = [this.events.subscribed(subscription)];
    if (!this.events.stores()) await this.events.publishNow(messages);
    else if (!(await this.repository.acceptRoles(current, subscription, messages))) throw duplicate(current.tenant, application);
    return { subscription, application: withRoles(application, roles), created: false };
  }

  private subscription(tenant: string, app: KnownApplication, version: number, roles: CurrentRoles | undefined): SubscriptionDocument {
    return {
      _id: subscriptionId(tenant, app._id), tenant, applicationId: app._id, applicationName: app.name, applicationType: app.type,
      ...(app.dependencies ? { dependencies: app.dependencies } : {}),
      ...(roles ? acceptedFields(roles) : {}),
      ...(app.isolation ? { isolation: app.isolation } : {}),
      ...(app.manifestVersion ? { manifestVersion: app.manifestVersion } : {}),
      subscribed: true, version, subscribedAt: new Date(),
    };
  }
}

/** A microservice subscription's roles: the tenant accepts the application's `requiredRoles` as the registry holds them now. */
const acceptedFields = (roles: CurrentRoles) => ({ requiredRoles: roles.requiredRoles, roles: roles.roles, acceptedRoles: roles.requiredRoles });

/** The application as answered: with its roles as just read from the registry, which the catalogue may not know yet. */
const withRoles = (app: KnownApplication, roles: CurrentRoles | undefined): KnownApplication => (roles ? { ...app, ...roles } : app);
