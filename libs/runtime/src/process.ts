import type { Server } from 'node:http';
import { BaseConfig, ConfigError, loadConfig, z } from '@berth/config';
import type { Logger } from 'pino';
import { AppInfo } from './app-info';
import { appVersion } from './app-version';
import { createLogger } from './logging/create-logger';
import { routeProcessWarnings } from './logging/process-warnings';
import { Metrics } from './metrics/metrics';

/** What every Berth process starts with: who it is, its validated config, its JSON logger and its metrics registry. */
export interface AppProcess<C extends BaseConfig> {
  app: AppInfo; config: C; logger: Logger; metrics: Metrics;
}

/**
 * Loads the app's config from the environment (exit 1 with every problem named), makes its logger
 * (Node's process warnings go into it) and its metrics registry.
 */
export function startProcess<C extends BaseConfig>(name: string, schema: z.ZodType<C, z.ZodTypeDef, unknown>): AppProcess<C> {
  let config: C;
  try {
    config = loadConfig(schema);
  } catch (err) {
    process.stderr.write(`${name}: ${(err as ConfigError).message}\n`);
    process.exit(1);
  }
  const app: AppInfo = { name, version: appVersion() };
  const logger = createLogger(app.name, config.LOG_LEVEL, config.BERTH_LOG_SYNC);
  routeProcessWarnings(logger);
  return { app, config, logger, metrics: new Metrics(app.name) };
}

/**
 * Graceful shutdown on SIGTERM or SIGINT (docs/operations/index.md): from the signal on `closing()`
 * is true (answers then carry `Connection: close`), the HTTP server's connections close as each
 * turns idle, and `stop` runs. The process exits 0 once `stop` resolves, 1 when it fails or takes
 * longer than `BERTH_SHUTDOWN_TIMEOUT_MS`.
 */
export function shutdownOnSignal(proc: AppProcess<BaseConfig>, server: () => Server, stop: () => Promise<void>): () => boolean {
  const { logger, config } = proc;
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    closing = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error({ timeoutMs: config.BERTH_SHUTDOWN_TIMEOUT_MS }, 'shutdown took too long, exiting');
      process.exit(1);
    }, config.BERTH_SHUTDOWN_TIMEOUT_MS).unref();
    // Connections whose request was in flight at the signal turn idle later: close each as it does.
    setInterval(() => server().closeIdleConnections(), 100).unref();
    try {
      await stop();
      logger.info('stopped');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, (s) => void shutdown(s));
  return () => closing;
}
