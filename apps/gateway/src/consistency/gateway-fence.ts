import { Inject, Injectable } from '@nestjs/common';
import { ConsumerProgress } from '@berth/messaging';
import { serviceUnavailable } from '@berth/http';
import { BASE_CONFIG } from '@berth/runtime';
import type { GatewayConfig } from '../config/gateway.env';
import { AcknowledgedWrites } from './acknowledged-writes';

/**
 * The gateway's own side of read-your-writes: what it keeps from events (cached credentials,
 * microservice routes and subscriptions, tenant options) must hold every write acknowledged
 * before a request, before the gateway authenticates or routes it (docs/consistency.md).
 */
@Injectable()
export class GatewayFence {
  private progress?: ConsumerProgress;
  /** The count of AcknowledgedWrites at which the gateway's events were last seen caught up. */
  private caughtUpAt = -1;

  constructor(private readonly acknowledged: AcknowledgedWrites, @Inject(BASE_CONFIG) private readonly config: GatewayConfig) {}

  /** The progress of the gateway's event consumer, once it follows its topics. */
  follow(progress: ConsumerProgress): void {
    this.progress = progress;
  }

  /** Undefined when the request may go on now; else a promise that resolves once it may (503 when the events do not catch up in time). */
  admit(): Promise<void> | undefined {
    if (!this.acknowledged.settled) return this.acknowledged.settle().then(() => this.admit());
    const version = this.acknowledged.version;
    if (version === this.caughtUpAt || !this.progress) return undefined;
    const positions = this.acknowledged.all;
    if (this.progress.reached(positions)) {
      this.caughtUpAt = version;
      return undefined;
    }
    return this.progress.waitFor(new Map(positions), this.config.BERTH_CONSISTENCY_READ_WAIT_MS).then((caughtUp) => {
      if (!caughtUp) throw serviceUnavailable('The gateway has not yet seen every change acknowledged before the request; retry later');
    });
  }
}
