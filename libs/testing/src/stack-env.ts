import { join } from 'node:path';

/** What an e2e spec knows of the stack the integration project's global setup started. */
export const testStack = {
  get gatewayUrl(): string { return required('BERTH_TEST_GATEWAY_URL'); },
  get adminPassword(): string { return required('BERTH_TEST_ADMIN_PASSWORD'); },
  /** The stack's BERTH_DB_PREFIX: its databases and Redis keys start with it. */
  get dbPrefix(): string { return required('BERTH_TEST_DB_PREFIX'); },
  /** The log file an app of the test stack writes. */
  logFile(app: string): string { return join(__dirname, '..', '..', '..', '.local', 'logs', 'test', `${app}.log`); },
};

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run e2e specs through npm test (the integration project starts the stack)`);
  return value;
}
