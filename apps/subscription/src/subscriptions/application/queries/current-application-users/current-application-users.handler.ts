import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { SecretBox } from '@berth/auth';
import { serviceUserPasswordContext } from '@berth/contracts';
import { DomainError, serviceUnavailable } from '@berth/http';
import { PINO } from '@berth/runtime';
import { SUBSCRIPTION_CONFIG } from '../../../../config/subscription-config.token';
import type { SubscriptionConfig } from '../../../../config/subscription.env';
import { BOOTSTRAP_PREFIX, serviceUserName, SubscriptionDocument } from '../../../domain/subscription';
import { CatalogueProjection } from '../../../infrastructure/catalogue.projection';
import { SECRET_BOX } from '../../../infrastructure/secret-box.provider';
import { SubscriptionRepository } from '../../../infrastructure/subscription.repository';
import { ApplicationUser, CurrentApplicationUsersQuery } from './current-application-users.query';

const RECHECK_MS = 25;
/** A service user not made within this long after its subscription is not waited for (tenant-options failed to make it; the log says why). */
const MAKING_MS = 60_000;

/**
 * Only a bootstrap user (`servicebootstrap_<app>` of the application's owner tenant) may ask. Every
 * subscribed tenant is listed with its service user: a subscription whose service user tenant-options
 * is still making (its sealed password has not arrived) is waited for, up to
 * `BERTH_CONSISTENCY_READ_WAIT_MS`, then 503, so that a subscription acknowledged before the request
 * is never left out (docs/consistency.md); one still missing a minute after its subscription is left out.
 * A password that no configured key opens is left out and
 * logged without the secret.
 */
@QueryHandler(CurrentApplicationUsersQuery)
export class CurrentApplicationUsersHandler implements IQueryHandler<CurrentApplicationUsersQuery> {
  constructor(
    private readonly repository: SubscriptionRepository,
    private readonly catalogue: CatalogueProjection,
    @Inject(SECRET_BOX) private readonly box: SecretBox,
    @Inject(PINO) private readonly logger: Logger,
    @Inject(SUBSCRIPTION_CONFIG) private readonly config: SubscriptionConfig,
  ) {}

  async execute({ caller }: CurrentApplicationUsersQuery): Promise<ApplicationUser[]> {
    if (caller.kind !== 'bootstrap' || !caller.user.startsWith(BOOTSTRAP_PREFIX)) {
      throw new DomainError('security', 'Forbidden', 'Only a microservice\'s bootstrap user may read its subscriptions');
    }
    const name = caller.user.slice(BOOTSTRAP_PREFIX.length);
    const app = await this.catalogue.applicationNamed(name);
    if (!app || app.owner !== caller.tenant) throw new DomainError('applications', 'Not Found', `Application ${name} does not exist in tenant ${caller.tenant}`);
    const users: ApplicationUser[] = [];
    for (const sub of await this.withServiceUsers(app._id)) {
      try {
        users.push({ tenant: sub.tenant, name: serviceUserName(sub.applicationName), password: this.box.open(sub.servicePassword, serviceUserPasswordContext(sub.tenant, sub.applicationId)) });
      } catch (err) {
        this.logger.warn({ subscription: sub._id, reason: (err as Error).message }, 'service user password does not open; left out');
      }
    }
    return users;
  }

  /** The application's subscriptions once each has its service user's password. @throws 503 when one does not within the read wait. */
  private async withServiceUsers(applicationId: string): Promise<Array<SubscriptionDocument & { servicePassword: string }>> {
    const deadline = Date.now() + this.config.BERTH_CONSISTENCY_READ_WAIT_MS;
    const beingMade = (s: SubscriptionDocument) => !s.servicePassword && (!s.subscribedAt || Date.now() - new Date(s.subscribedAt).getTime() < MAKING_MS);
    for (;;) {
      const subscriptions = await this.repository.subscribersOf(applicationId);
      const waiting = subscriptions.find(beingMade);
      if (!waiting) return subscriptions.filter((s): s is SubscriptionDocument & { servicePassword: string } => !!s.servicePassword);
      if (Date.now() >= deadline) throw serviceUnavailable(`The service user of tenant ${waiting.tenant} is being made; retry later`);
      await new Promise((r) => setTimeout(r, RECHECK_MS));
    }
  }
}
