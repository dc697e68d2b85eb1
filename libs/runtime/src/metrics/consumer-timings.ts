import { Histogram } from 'prom-client';
import type { BatchTimings } from '@berth/messaging';
import type { Metrics } from './metrics';

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * Where the app's consumed messages spend their time, by group and topic (seconds):
 * `berth_consumer_wait_seconds` from the producer's send (the message's Kafka timestamp) until the
 * app's consumer received it, `berth_consumer_inbox_claim_seconds` per batch, and
 * `berth_consumer_handle_seconds` per message handled (retries included).
 */
export class ConsumerTimings {
  private readonly wait: Histogram<'group' | 'topic'>;
  private readonly claim: Histogram<'group' | 'topic'>;
  private readonly handle: Histogram<'group' | 'topic'>;

  constructor(metrics: Metrics, private readonly group: string) {
    const histogram = (name: string, help: string) => new Histogram({ name, help, labelNames: ['group', 'topic'], buckets: BUCKETS, registers: [metrics.registry] });
    this.wait = histogram('berth_consumer_wait_seconds', 'Time from a message\'s send to Kafka until the app\'s consumer received it, by topic');
    this.claim = histogram('berth_consumer_inbox_claim_seconds', 'Time the inbox took to claim a batch of messages, by topic');
    this.handle = histogram('berth_consumer_handle_seconds', 'Time the app\'s handlers took for one message (retries included), by topic');
  }

  record({ topic, waitedMs, claimMs, handleMs }: BatchTimings): void {
    const labels = { group: this.group, topic };
    const wait = this.wait.labels(labels);
    for (const ms of waitedMs) wait.observe(ms / 1000);
    this.claim.labels(labels).observe(claimMs / 1000);
    const handle = this.handle.labels(labels);
    for (const ms of handleMs) handle.observe(ms / 1000);
  }
}
