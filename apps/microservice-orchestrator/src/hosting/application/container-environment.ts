import { Inject, Injectable } from '@nestjs/common';
import type { OrchestratorConfig } from '../../config/microservice-orchestrator.env';
import { ORCHESTRATOR_CONFIG } from '../../config/orchestrator-config.token';
import type { DeploymentDocument } from '../domain/deployment';
import { PlatformUsers } from '../infrastructure/platform-users';

/**
 * The environment of a microservice's container (docs/microservices.md): the platform's address,
 * the bootstrap user, isolation, name, key, port and memory, and for PER_TENANT the tenant and
 * its service user. @throws UserNotReadyError while a user does not exist yet (the deploy retries).
 */
@Injectable()
export class ContainerEnvironment {
  constructor(@Inject(ORCHESTRATOR_CONFIG) private readonly config: OrchestratorConfig, private readonly users: PlatformUsers) {}

  async of(d: DeploymentDocument): Promise<Record<string, string>> {
    const p = this.config.BERTH_ENV_PREFIX;
    const bootstrap = await this.users.bootstrapUser(d.applicationId, d.ownerTenant);
    const service = d.tenant ? await this.users.serviceUser(d.name, d.ownerTenant, d.tenant) : undefined;
    return {
      [`${p}_BASEURL`]: this.config.BERTH_MICROSERVICE_BASEURL ?? this.config.BERTH_PUBLIC_URL,
      [`${p}_BOOTSTRAP_TENANT`]: bootstrap.tenant,
      [`${p}_BOOTSTRAP_USER`]: bootstrap.name,
      [`${p}_BOOTSTRAP_PASSWORD`]: bootstrap.password,
      [`${p}_MICROSERVICE_ISOLATION`]: d.isolation,
      APPLICATION_NAME: d.name,
      APPLICATION_KEY: d.key ?? '',
      SERVER_PORT: '80',
      MEMORY_LIMIT: d.resources.memory,
      ...(service ? { [`${p}_TENANT`]: service.tenant, [`${p}_USER`]: service.name, [`${p}_PASSWORD`]: service.password } : {}),
    };
  }
}
