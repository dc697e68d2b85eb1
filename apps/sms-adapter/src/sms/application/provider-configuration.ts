import { Injectable } from '@nestjs/common';
import type { Principal } from '@berth/auth';
import { MESSAGING_PROVIDER_KEY, messagingOptionKeys } from '@berth/contracts';
import { configurationView, optionsOfConfiguration } from '../domain/provider-settings';
import { MessagingOptions } from '../infrastructure/messaging-options';
import { ProviderRegistry } from '../infrastructure/provider-registry';
import { TenantOptionsClient } from '../infrastructure/tenant-options.client';

/**
 * The tenant's provider choice, kept as its `messaging` tenant options in tenant-options. Writes
 * go to tenant-options' own `/tenant/options` endpoints as the caller, so its role and key rules
 * decide; a new provider's write also removes the keys only the previous provider had.
 */
@Injectable()
export class ProviderConfiguration {
  constructor(private readonly client: TenantOptionsClient, private readonly options: MessagingOptions, private readonly providers: ProviderRegistry) {}

  async get(tenant: string) {
    return configurationView(await this.client.read(tenant));
  }

  async put(caller: Principal, body: unknown) {
    const { provider, values } = optionsOfConfiguration(body);
    const before = await this.client.read(caller.tenant);
    await this.client.write(caller, values);
    const keep = new Set(messagingOptionKeys(provider));
    await Promise.all(Object.keys(before).filter((key) => !keep.has(key)).map((key) => this.client.remove(caller, key)));
    this.options.changed(caller.tenant);
    await this.providers.start(caller.tenant);
    return this.get(caller.tenant);
  }

  async remove(caller: Principal) {
    const before = await this.client.read(caller.tenant);
    const keys = Object.keys(before);
    await Promise.all(keys.filter((k) => k !== MESSAGING_PROVIDER_KEY).map((key) => this.client.remove(caller, key)));
    if (keys.includes(MESSAGING_PROVIDER_KEY)) await this.client.remove(caller, MESSAGING_PROVIDER_KEY);
    this.options.changed(caller.tenant);
  }
}
