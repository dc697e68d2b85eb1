import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@berth/http';
import { SUBSCRIPTION_CONFIG } from '../../../../config/subscription-config.token';
import type { SubscriptionConfig } from '../../../../config/subscription.env';
import { checkManager, checkUnsubscribable } from '../../../domain/subscription-rules';
import { SubscriptionRepository } from '../../../infrastructure/subscription.repository';
import { SubscriptionEnder } from '../../subscription-ender';
import { UnsubscribeTenantCommand } from './unsubscribe-tenant.command';

@CommandHandler(UnsubscribeTenantCommand)
export class UnsubscribeTenantHandler implements ICommandHandler<UnsubscribeTenantCommand> {
  constructor(
    private readonly repository: SubscriptionRepository,
    private readonly ender: SubscriptionEnder,
    @Inject(SUBSCRIPTION_CONFIG) private readonly config: SubscriptionConfig,
  ) {}

  async execute({ tenant, applicationId, caller }: UnsubscribeTenantCommand): Promise<void> {
    checkManager(caller, tenant, this.config.BERTH_MANAGEMENT_TENANT);
    const current = await this.repository.find(tenant, applicationId);
    const missing = () => new DomainError('applications', 'Not Found', `Tenant ${tenant} is not subscribed to application ${applicationId}`);
    if (!current?.subscribed) throw missing();
    checkUnsubscribable(current.applicationName, await this.repository.activeOf(tenant));
    if (!(await this.ender.end(current))) throw missing();
  }
}
