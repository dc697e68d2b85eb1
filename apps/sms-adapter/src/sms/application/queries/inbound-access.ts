import { Injectable } from '@nestjs/common';
import { addressFromPath } from '../../domain/phone-address';
import { invalidField, providerCannot } from '../../domain/sms-errors';
import { ProviderRegistry } from '../../infrastructure/provider-registry';

/**
 * The checks both inbound routes share: the receiver in the path is a `tel:` number (422 otherwise),
 * and the tenant's provider can do what is asked (its `supports`, docs/api/sms.md; 422 saying so otherwise).
 */
@Injectable()
export class InboundAccess {
  constructor(private readonly providers: ProviderRegistry) {}

  async check(tenant: string, receiver: string, need: 'receiveAll' | 'receiveOne'): Promise<string> {
    const address = addressFromPath(receiver);
    if (!address) throw invalidField('receiver', `in the path (${receiver}) must be tel: followed by a valid E.164 number`);
    const provider = await this.providers.get(tenant);
    if (!provider.supports[need]) {
      throw providerCannot(need === 'receiveAll'
        ? `The tenant's SMS provider ${provider.id} cannot list received messages`
        : `The tenant's SMS provider ${provider.id} cannot fetch one received message`);
    }
    return address;
  }
}
