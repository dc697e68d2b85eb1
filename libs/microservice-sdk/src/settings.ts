import type { PlatformClient } from './platform-client';

/** The platform answered a read of settings or options with a status other than the expected ones. */
export class PlatformAnswerError extends Error {
  constructor(readonly status: number, message: string) { super(message); }
}

const reason = (body: unknown) => (typeof body === 'object' && body !== null ? String((body as { message?: unknown }).message ?? '') : String(body ?? '')).slice(0, 200);

/**
 * The microservice's settings (`GET /application/currentApplication/settings`): the manifest's
 * `settings[].defaultValue`s overridden by the owner tenant's options of the settings category,
 * as a flat key → value map. Read them as the bootstrap user: `readSettings(ms.bootstrapClient())`.
 * @throws PlatformAnswerError when the platform does not answer 200 with a map;
 *   PlatformUnreachableError when it cannot be reached.
 */
export async function readSettings(bootstrap: PlatformClient): Promise<Record<string, string>> {
  const res = await bootstrap.get('/application/currentApplication/settings');
  if (res.status !== 200 || typeof res.body !== 'object' || res.body === null) {
    throw new PlatformAnswerError(res.status, `reading the settings answered ${res.status} ${reason(res.body)}`.trim());
  }
  return res.body;
}

/**
 * One option of the client's tenant (`GET /tenant/options/{category}/{key}`), e.g. as the caller's
 * tenant's service user: `readTenantOption(ctx.tenant(), 'my-service', 'greeting')`. The service
 * user needs `ROLE_OPTION_MANAGEMENT_READ` among the manifest's `requiredRoles`. With `inherited`,
 * the system option of the same category and key answers when the tenant has none.
 * @returns the value, or undefined when there is no such option (404).
 * @throws PlatformAnswerError for any other status than 200 and 404.
 */
export async function readTenantOption(client: PlatformClient, category: string, key: string, options: { inherited?: boolean } = {}): Promise<string | undefined> {
  const path = `/tenant/options/${encodeURIComponent(category)}/${encodeURIComponent(key)}${options.inherited ? '?evaluate=inherited' : ''}`;
  const res = await client.get(path);
  if (res.status === 404) return undefined;
  if (res.status !== 200) throw new PlatformAnswerError(res.status, `reading the option ${category}/${key} answered ${res.status} ${reason(res.body)}`.trim());
  return res.body?.value;
}
