import { join } from 'node:path';
import { Principal, PRINCIPAL_HEADER, signPrincipal } from '@berth/auth';
import { recordSecret, TEST_LOG_DIR } from './secret-scan';

/** What an e2e spec knows of the stack the integration project's global setup started. */
export const testStack = {
  get gatewayUrl(): string { return required('BERTH_TEST_GATEWAY_URL'); },
  /** Where the gateway serves `/metrics`: an internal port of its own, not the public one. */
  get gatewayMetricsUrl(): string { return required('BERTH_TEST_GATEWAY_METRICS_URL'); },
  get adminPassword(): string { return required('BERTH_TEST_ADMIN_PASSWORD'); },
  /** The stack's BERTH_DB_PREFIX: its databases and Redis keys start with it. */
  get dbPrefix(): string { return required('BERTH_TEST_DB_PREFIX'); },
  /** The name the broker knows one of the stack's topics by (the stack's apps put BERTH_TOPIC_PREFIX before each). */
  topic(name: string): string { return required('BERTH_TEST_TOPIC_PREFIX') + name; },
  /** The internal apps' names. */
  get apps(): string[] { return Object.keys(JSON.parse(required('BERTH_TEST_APP_URLS'))); },
  /** A retired secrets key the stack's apps still decrypt with (BERTH_SECRETS_PREVIOUS_KEYS), for rotation specs. */
  get previousSecretsKey(): string { return required('BERTH_TEST_PREVIOUS_SECRETS_KEY'); },
  /** An internal app's own URL, for specs of that app alone (the gateway is not in the way). */
  appUrl(app: string): string {
    const url = JSON.parse(required('BERTH_TEST_APP_URLS'))[app];
    if (!url) throw new Error(`no app named ${app} in the test stack`);
    return url;
  },
  /** An app's process id (the gateway's too). */
  pid(app: string): number {
    const pid = JSON.parse(required('BERTH_TEST_APP_PIDS'))[app];
    if (!pid) throw new Error(`no app named ${app} in the test stack`);
    return pid;
  },
  /** Headers that make an internal app take the request as coming from the gateway for `principal`. */
  principalHeaders(principal: Principal): Record<string, string> {
    return { [PRINCIPAL_HEADER]: signPrincipal(principal, required('BERTH_TEST_INTERNAL_KEY')) };
  },
  /** `Authorization: Basic` for the management tenant's `admin`, the user the stack starts with. */
  adminAuth(): Record<string, string> {
    return { authorization: basic(`management/admin`, this.adminPassword) };
  },
  /** The log file an app of the test stack writes. */
  logFile(app: string): string { return join(TEST_LOG_DIR, `${app}.log`); },
};

/** The value of an `Authorization: Basic` header for `user` (e.g. `tenant/name`) and `password`. */
export function basic(user: string, password: string): string {
  const encoded = Buffer.from(`${user}:${password}`).toString('base64');
  recordSecret(password);
  recordSecret(encoded);
  return `Basic ${encoded}`;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run e2e specs through npm test (the integration project starts the stack)`);
  return value;
}
