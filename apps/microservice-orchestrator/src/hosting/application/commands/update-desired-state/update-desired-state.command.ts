import { Command } from '@nestjs/cqrs';
import type { RuntimeOption } from '@berth/contracts';
import type { HostedApplication } from '../../../domain/hosted-application';

/**
 * One change of what should run, from an event: an application's info or active binary, a
 * subscription, a deletion, or its owner's runtime option (`value` absent once deleted).
 */
export type DesiredStateChange =
  | { kind: 'application'; id: string; version: number; fields: Pick<HostedApplication, 'name' | 'ownerTenant'> & { key?: string } }
  | { kind: 'activation'; id: string; version: number; fields: Pick<HostedApplication, 'name' | 'ownerTenant' | 'version' | 'binaryId' | 'manifest'> }
  | { kind: 'deleted'; id: string; name: string; ownerTenant: string }
  | { kind: 'subscription'; tenant: string; applicationId: string; subscribed: boolean; version: number }
  | { kind: 'runtimeOption'; tenant: string; key: string; option: Omit<RuntimeOption, 'value'> & { value?: string }; version: number };

/** Applies the change to the projections and recomputes the application's deployments; resolves to their ids. */
export class UpdateDesiredStateCommand extends Command<string[]> {
  constructor(readonly change: DesiredStateChange) {
    super();
  }
}
