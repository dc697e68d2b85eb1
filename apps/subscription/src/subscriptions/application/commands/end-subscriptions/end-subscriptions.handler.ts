import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { SubscriptionDocument } from '../../../domain/subscription';
import { SubscriptionRepository } from '../../../infrastructure/subscription.repository';
import { SubscriptionEnder } from '../../subscription-ender';
import { EndSubscriptionsCommand } from './end-subscriptions.command';

const ATTEMPTS = 5;

/** The cascades of a deleted tenant or application. Idempotent: what already ended stays ended. */
@CommandHandler(EndSubscriptionsCommand)
export class EndSubscriptionsHandler implements ICommandHandler<EndSubscriptionsCommand> {
  constructor(private readonly repository: SubscriptionRepository, private readonly ender: SubscriptionEnder) {}

  async execute({ scope }: EndSubscriptionsCommand): Promise<number> {
    const targets = 'tenant' in scope ? await this.repository.activeOf(scope.tenant) : await this.ofApplication(scope.applicationId, scope.tenants);
    let ended = 0;
    for (const target of targets) if (await this.endOne(target)) ended++;
    return ended;
  }

  private async ofApplication(applicationId: string, announced: string[]): Promise<SubscriptionDocument[]> {
    const active = await this.repository.subscribersOf(applicationId);
    const known = new Set(active.map((s) => s.tenant));
    for (const tenant of announced.filter((t) => !known.has(t))) {
      const row = await this.repository.find(tenant, applicationId);
      if (row?.subscribed) active.push(row);
    }
    return active;
  }

  /** Retries when a concurrent change got there first; false when it is no longer subscribed. */
  private async endOne(target: SubscriptionDocument): Promise<boolean> {
    let current: SubscriptionDocument | null = target;
    for (let attempt = 1; current?.subscribed && attempt <= ATTEMPTS; attempt++) {
      if (await this.ender.end(current)) return true;
      current = await this.repository.find(current.tenant, current.applicationId);
    }
    if (current?.subscribed) throw new Error(`subscription ${current._id} kept changing; retrying the message`);
    return false;
  }
}
