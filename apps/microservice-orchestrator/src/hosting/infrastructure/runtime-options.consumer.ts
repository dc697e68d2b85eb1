import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { OptionChanged, OptionChangedV1, parseRuntimeOption, RUNTIME_OPTIONS_CATEGORY, runtimeOptionKey, Topics } from '@berth/contracts';
import type { Envelope } from '@berth/messaging';
import { MessageConsumer, PINO } from '@berth/runtime';
import { UpdateDesiredStateCommand } from '../application/commands/update-desired-state/update-desired-state.command';

/**
 * Turns tenants' `microservice.runtime` options into desired state. System options and keys or
 * values that are not a runtime setting within its bounds (tenant-options refuses them, so only
 * options stored without that check carry them) are ignored with a warning; everything else is idempotent through the version guard.
 */
@Injectable()
export class RuntimeOptionsConsumer implements MessageConsumer {
  readonly topics = [Topics.optionEvents];

  constructor(private readonly commands: CommandBus, @Inject(PINO) private readonly logger: Logger) {}

  async handle(envelope: Envelope): Promise<void> {
    if (envelope.type !== OptionChanged.type || envelope.version !== OptionChanged.version) return;
    const p = (envelope.payload ?? {}) as Partial<OptionChangedV1>;
    if (p.category !== RUNTIME_OPTIONS_CATEGORY || p.scope === 'system' || typeof p.key !== 'string' || !envelope.tenantId) return;
    const option = this.optionOf(p.key, p);
    if (!option) return;
    const version = Number(envelope.aggregateVersion) || 0;
    await this.commands.execute(new UpdateDesiredStateCommand({ kind: 'runtimeOption', tenant: envelope.tenantId, key: p.key, option, version }));
  }

  private optionOf(key: string, p: Partial<OptionChangedV1>) {
    if (p.change === 'deleted') {
      const named = runtimeOptionKey(key);
      if (!named) this.logger.warn({ key }, 'ignoring the deletion of an option that is no runtime setting');
      return named;
    }
    const check = parseRuntimeOption(key, typeof p.value === 'string' ? p.value : '');
    if (check.ok) return check.option;
    this.logger.warn({ key, problem: check.problem }, 'ignoring a runtime option that does not parse');
    return undefined;
  }
}
