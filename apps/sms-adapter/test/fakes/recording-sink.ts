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
