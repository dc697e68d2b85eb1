import type { MicroserviceConfig } from './config';
import type { Credentials } from './credentials';
import { PlatformClient } from './platform-client';

const USER = 'application/vnd.com.nsn.cumulocity.user+json';

/** Self-registration failed; the message says at which step. */
export class RegistrationError extends Error {}

/**
 * The bootstrap user to run as. With `register` false the configured bootstrap credentials are
 * used as they are. With `register` true (the default) they are first tried as the bootstrap user
 * (`GET /application/currentApplication`); when the platform refuses them there, they are taken as
 * a user allowed to register the microservice: the application named `applicationName` is found
 * (`applicationsByName`) or created (type MICROSERVICE, key `<name>-key`) and its bootstrap user
 * is fetched (`…/bootstrapUser`) and used from then on.
 * @throws RegistrationError
 */
export async function resolveBootstrap(config: MicroserviceConfig): Promise<Credentials> {
  const given = config.bootstrap;
  if (!config.register) return given;
  const client = PlatformClient.forCredentials(config.baseUrl, given, config.applicationKey);
  const current = await client.get('/application/currentApplication');
  if (current.status === 200) return given;
  const name = config.applicationName;
  if (!name) throw new RegistrationError('self-registration needs APPLICATION_NAME');
  const found = await client.get(`/application/applicationsByName/${encodeURIComponent(name)}`);
  if (found.status !== 200) throw new RegistrationError(`finding application ${name} failed: ${found.status} ${message(found.body)}`);
  let id: string | undefined = found.body.applications?.find((a: any) => a.name === name)?.id;
  if (!id) {
    const created = await client.post('/application/applications', { name, key: config.applicationKey ?? `${name}-key`, type: 'MICROSERVICE' });
    if (created.status !== 201) throw new RegistrationError(`creating application ${name} failed: ${created.status} ${message(created.body)}`);
    id = String(created.body.id);
  }
  const user = await client.get(`/application/applications/${id}/bootstrapUser`, { accept: USER });
  if (user.status !== 200) throw new RegistrationError(`reading the bootstrap user of ${name} failed: ${user.status} ${message(user.body)}`);
  return { tenant: String(user.body.tenant), user: String(user.body.name), password: String(user.body.password) };
}

const message = (body: any) => (typeof body === 'object' && body ? body.message ?? body.error ?? '' : String(body).slice(0, 200));
