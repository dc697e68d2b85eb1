import type { DeliveryReceipt, InboundSms, ProviderSink } from '../../src/providers/sms-provider';

/** A ProviderSink that records what a provider reports; `failNext` makes the next calls throw, as a failing store would. */
export class RecordingSink implements ProviderSink {
  readonly inbounds: InboundSms[] = [];
  readonly receipts: DeliveryReceipt[] = [];
  private failures = 0;

  failNext(times = 1): void {
    this.failures = times;
  }

  async inbound(message: InboundSms): Promise<void> {
    this.maybeFail();
    this.inbounds.push(message);
  }

  async receipt(receipt: DeliveryReceipt): Promise<void> {
    this.maybeFail();
    this.receipts.push(receipt);
  }

  private maybeFail(): void {
    if (this.failures > 0) {
      this.failures--;
      throw new Error('sink unavailable');
    }
  }
}

/** Polls `check` every 20 ms until it holds; fails after `timeoutMs`. */
export async function eventually(check: () => boolean, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
