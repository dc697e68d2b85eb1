import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { SecretBox } from '@berth/auth';
import { serviceUserPasswordContext } from '@berth/contracts';
import { DomainError } from '@berth/http';
import { PINO } from '@berth/runtime';
import { BOOTSTRAP_PREFIX, serviceUserName } from '../../../domain/subscription';
import { CatalogueProjection } from '../../../infrastructure/catalogue.projection';
import { SECRET_BOX } from '../../../infrastructure/secret-box.provider';
import { SubscriptionRepository } from '../../../infrastructure/subscription.repository';
import { ApplicationUser, CurrentApplicationUsersQuery } from './current-application-users.query';

/**
 * Only a bootstrap user (`servicebootstrap_<app>` of the application's owner tenant) may ask. A
 * tenant is listed once its service user exists (its sealed password has arrived); a password
 * that no configured key opens is left out and logged without the secret.
 */
@QueryHandler(CurrentApplicationUsersQuery)
export class CurrentApplicationUsersHandler implements IQueryHandler<CurrentApplicationUsersQuery> {
  constructor(
    private readonly repository: SubscriptionRepository,
    private readonly catalogue: CatalogueProjection,
    @Inject(SECRET_BOX) private readonly box: SecretBox,
    @Inject(PINO) private readonly logger: Logger,
  ) {}

  async execute({ caller }: CurrentApplicationUsersQuery): Promise<ApplicationUser[]> {
    if (caller.kind !== 'bootstrap' || !caller.user.startsWith(BOOTSTRAP_PREFIX)) {
      throw new DomainError('security', 'Forbidden', 'Only a microservice\'s bootstrap user may read its subscriptions');
    }
    const name = caller.user.slice(BOOTSTRAP_PREFIX.length);
    const app = await this.catalogue.applicationNamed(name);
    if (!app || app.owner !== caller.tenant) throw new DomainError('applications', 'Not Found', `Application ${name} does not exist in tenant ${caller.tenant}`);
    const users: ApplicationUser[] = [];
    for (const sub of await this.repository.subscribersOf(app._id)) {
      if (!sub.servicePassword) continue;
      try {
        users.push({ tenant: sub.tenant, name: serviceUserName(sub.applicationName), password: this.box.open(sub.servicePassword, serviceUserPasswordContext(sub.tenant, sub.applicationId)) });
      } catch (err) {
        this.logger.warn({ subscription: sub._id, reason: (err as Error).message }, 'service user password does not open; left out');
      }
    }
    return users;
  }
}
