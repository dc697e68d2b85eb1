import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { MESSAGING_PROVIDER_KEY, messagingOptionKey, smsProvider } from '@berth/contracts';
import { BASE_CONFIG } from '@berth/runtime';
import type { SmsAdapterConfig } from '../../config/sms-adapter.env';
import { providerFactories } from '../../providers/provider-factories';
import type { SmsProvider, SmsProviderFactory } from '../../providers/sms-provider';
import { providerCannot } from '../domain/sms-errors';
import { MessagingOptions } from './messaging-options';
import { ProviderSinks } from './provider-sinks';

export const FACTORIES = Symbol('SMS_PROVIDER_FACTORIES');

/** A tenant's provider; without one, the id it chose (if any) that this adapter lacks. */
interface Entry { fingerprint: string; provider?: SmsProvider; chosen?: string }

/**
 * One provider connection per tenant, made from its `messaging` options and remade when they
 * change. Tenants that had a provider are remembered, so that after a restart their connections
 * (and with them inbound messages and receipts) come back without waiting for a send.
 */
@Injectable()
export class ProviderRegistry implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ProviderRegistry');
  private readonly entries = new Map<string, Promise<Entry>>();
  private readonly known: Collection<{ _id: string }>;

  constructor(
    private readonly options: MessagingOptions, private readonly sinks: ProviderSinks,
    @Inject(FACTORIES) private readonly factories: readonly SmsProviderFactory[], @InjectConnection() connection: Connection,
  ) {
    this.known = connection.db!.collection('sms_provider_tenants');
    options.onChange((tenant) => void this.refresh(tenant));
  }

  /**
   * The tenant's provider.
   * @throws DomainError 422 when the tenant configured none, or one the adapter does not know.
   * @throws DomainError 503 when its options cannot be read.
   */
  async get(tenant: string): Promise<SmsProvider> {
    const entry = await this.entryOf(tenant);
    if (entry.provider) return entry.provider;
    if (entry.chosen) throw providerCannot(`The tenant's SMS provider ${entry.chosen} is not available in this sms-adapter`);
    throw providerCannot(`Tenant ${tenant} has no SMS provider configured (tenant option messaging/provider)`);
  }

  private async entryOf(tenant: string): Promise<Entry> {
    const settings = await this.options.get(tenant);
    const current = await this.entries.get(tenant)?.catch(() => undefined);
    const fingerprint = JSON.stringify(settings);
    if (current && current.fingerprint === fingerprint) return current;
    const next = this.create(tenant, settings, fingerprint, current);
    this.entries.set(tenant, next);
    return next;
  }

  private async create(tenant: string, settings: Record<string, string>, fingerprint: string, old: Entry | undefined): Promise<Entry> {
    await old?.provider?.close().catch(() => undefined);
    const id = settings[MESSAGING_PROVIDER_KEY];
    const definition = id ? smsProvider(id) : undefined;
    const factory = this.factories.find((f) => f.definition.id === id);
    if (!definition || !factory) {
      if (id) this.logger.warn(`Tenant ${tenant} chose SMS provider ${id}, which this adapter does not implement`);
      return { fingerprint, chosen: id };
    }
    const own = Object.fromEntries(definition.keys.flatMap((k) => {
      const value = settings[messagingOptionKey(definition, k)];
      return value === undefined ? [] : [[k.name, value]];
    }));
    for (const common of ['sms.senderAddress', 'sms.senderName']) if (settings[common] !== undefined) own[common] = settings[common];
    const provider = factory.create(tenant, own, this.sinks.of(tenant));
    await this.known.updateOne({ _id: tenant }, { $set: { _id: tenant } }, { upsert: true }).catch(() => undefined);
    return { fingerprint, provider };
  }

  /** Remakes the provider of a tenant this instance serves after its options changed. */
  private async refresh(tenant: string) {
    if (!this.entries.has(tenant)) return;
    await this.entryOf(tenant).catch((err) => this.logger.warn(`Provider of ${tenant} not remade: ${(err as Error).message}`));
  }

  /** Makes (or remakes) the tenant's provider now, so that it connects and receives at once (after a configuration change). */
  async start(tenant: string): Promise<void> {
    await this.entryOf(tenant).catch((err) => this.logger.warn(`Provider of ${tenant} not started: ${(err as Error).message}`));
  }

  async onApplicationBootstrap() {
    const tenants = await this.known.find({}).toArray();
    for (const { _id } of tenants) void this.entryOf(_id).catch((err) => this.logger.warn(`Provider of ${_id} not started: ${(err as Error).message}`));
  }

  async onApplicationShutdown() {
    const all = await Promise.all([...this.entries.values()].map((e) => e.catch(() => undefined)));
    await Promise.all(all.map((e) => e?.provider?.close().catch(() => undefined)));
  }
}

export const providerFactoriesProvider = {
  provide: FACTORIES, inject: [BASE_CONFIG],
  useFactory: (config: SmsAdapterConfig): SmsProviderFactory[] => {
    const logger = new Logger('SmsProviders');
    return providerFactories(config, (message) => logger.warn(message));
  },
};
