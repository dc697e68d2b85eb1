import { clearRecordedSecrets } from '../secret-scan';
import { startTestStack, TestStack } from '../test-stack';

declare global {
  var __BERTH_STACK__: TestStack | undefined;
}

/** Starts the test stack once for the integration project; specs read it from BERTH_TEST_* variables. */
export default async function globalSetup() {
  clearRecordedSecrets();
  const stack = await startTestStack();
  globalThis.__BERTH_STACK__ = stack;
  process.env.BERTH_TEST_GATEWAY_URL = stack.gatewayUrl;
  process.env.BERTH_TEST_GATEWAY_METRICS_URL = stack.gatewayMetricsUrl;
  process.env.BERTH_TEST_ADMIN_PASSWORD = stack.adminPassword;
  process.env.BERTH_TEST_DB_PREFIX = stack.dbPrefix;
  process.env.BERTH_TEST_TOPIC_PREFIX = stack.env.BERTH_TOPIC_PREFIX;
  process.env.BERTH_TEST_INTERNAL_KEY = stack.env.BERTH_INTERNAL_KEY;
  process.env.BERTH_TEST_PREVIOUS_SECRETS_KEY = stack.env.BERTH_SECRETS_PREVIOUS_KEYS;
  process.env.BERTH_TEST_APP_PIDS = JSON.stringify(stack.pids);
  process.env.BERTH_TEST_SERVER_PORTS = JSON.stringify(stack.testServerPorts);
  // What the stack's apps got beyond this environment, for specs that restart an app.
  process.env.BERTH_TEST_STACK_ENV = JSON.stringify(Object.fromEntries(Object.entries(stack.env).filter(([k, v]) => process.env[k] !== v)));
  process.env.BERTH_TEST_APP_URLS = JSON.stringify(Object.fromEntries(stack.apps.map((app) => [app, stack.appUrl(app)])));
}
