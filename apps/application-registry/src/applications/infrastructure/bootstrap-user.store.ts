import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { SecretBox, secretBoxFromConfig } from '@berth/auth';
import { bootstrapUserPasswordContext } from '@berth/contracts';
import { PINO } from '@berth/runtime';
import { REGISTRY_CONFIG } from '../../config/registry-config.token';
import type { RegistryConfig } from '../../config/application-registry.env';
import { ApplicationDocument } from '../domain/application';
import { BOOTSTRAP_FIELD, StoredBootstrapUser, storedBootstrapUser } from '../domain/bootstrap-user';
import { ApplicationRepository } from './application.repository';

const CATCH_UP_MS = 2000;
const POLL_MS = 50;

/**
 * The bootstrap users of microservices, kept in their application documents with the password
 * sealed as tenant-options sent it; it is opened only to answer `…/bootstrapUser`.
 */
@Injectable()
export class BootstrapUserStore {
  private readonly box: SecretBox;

  constructor(private readonly repository: ApplicationRepository, @Inject(REGISTRY_CONFIG) config: RegistryConfig, @Inject(PINO) private readonly logger: Logger) {
    this.box = secretBoxFromConfig(config);
  }

  /**
   * Stores the user of application `applicationId` unless the application is gone, is owned by
   * another tenant, already holds a newer announcement, or the password does not open with this
   * registry's keys for this application (an announcement of another deployment sharing the
   * Kafka history). Idempotent.
   */
  async store(applicationId: string, user: StoredBootstrapUser): Promise<boolean> {
    const app = await this.repository.findById(applicationId);
    if (!app || app.type !== 'MICROSERVICE' || app.owner !== user.tenant) return false;
    if ((storedBootstrapUser(app)?.userVersion ?? 0) > user.userVersion) return false;
    if (!this.opened(user, applicationId)) return false;
    await this.repository.collection.updateOne({ _id: applicationId }, { $set: { [BOOTSTRAP_FIELD]: user } });
    return true;
  }

  /**
   * The application's bootstrap user with its password in clear, waiting up to 2 s for it to
   * arrive (it normally does well within a second of the creation); undefined when it has not,
   * or when no configured key opens it (logged without the secret).
   */
  async open(app: ApplicationDocument): Promise<{ tenant: string; name: string; password: string } | undefined> {
    const deadline = Date.now() + CATCH_UP_MS;
    let user = storedBootstrapUser(app);
    while (!user && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      const fresh = await this.repository.findById(app._id);
      user = fresh ? storedBootstrapUser(fresh) : undefined;
    }
    const password = user && this.opened(user, app._id);
    return user && password ? { tenant: user.tenant, name: user.userName, password } : undefined;
  }

  private opened(user: StoredBootstrapUser, applicationId: string): string | undefined {
    try {
      return this.box.open(user.sealedPassword, bootstrapUserPasswordContext(user.tenant, applicationId));
    } catch (err) {
      this.logger.warn({ applicationId, user: user.userName, reason: (err as Error).message }, 'bootstrap user password does not open; ignored');
      return undefined;
    }
  }
}
