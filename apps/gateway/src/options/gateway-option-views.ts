import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { BASE_CONFIG, PINO } from '@berth/runtime';
import type { GatewayConfig } from '../config/gateway.env';
import { GatewayEvents } from '../events/gateway-events';
import { Upstreams } from '../proxy/upstreams';
import { httpOptionReader } from './http-option-reader';
import { optionChangeOf } from './option-events';
import { OptionReader, OptionViewShape, TenantOptionView } from './tenant-option-view';

/** A loaded view is read again after this long even without an event. */
const VIEW_TTL_MS = 5 * 60_000;
/** After a failed read the defaults apply, and the options are read again after this long. */
const RETRY_MS = 30_000;
const MAX_TENANTS = 100_000;

/** Makes the gateway's views of tenant options: read from tenant-options, dropped on each OptionChanged event of their category. */
@Injectable()
export class GatewayOptionViews {
  private readonly read: OptionReader;

  constructor(@Inject(BASE_CONFIG) config: GatewayConfig, @Inject(PINO) private readonly logger: Logger, upstreams: Upstreams, private readonly events: GatewayEvents) {
    this.read = httpOptionReader(upstreams.pool('tenant-options'), config.BERTH_INTERNAL_KEY);
  }

  create<T>(shape: OptionViewShape<T>): TenantOptionView<T> {
    const view = new TenantOptionView(shape, this.read, {
      ttlMs: VIEW_TTL_MS, retryMs: RETRY_MS, maxEntries: MAX_TENANTS,
      onFailure: (tenant) => this.logger.warn({ tenant, category: shape.category, retryMs: RETRY_MS }, 'could not read the tenant\'s options; the defaults apply'),
    });
    this.events.on((envelope, key) => {
      const tenant = optionChangeOf(shape.category, envelope, key);
      if (tenant) view.drop(tenant);
    });
    return view;
  }
}
