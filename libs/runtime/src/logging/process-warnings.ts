import { Logger } from 'pino';

/**
 * Sends Node's process warnings to the JSON log instead of raw stderr lines. (kafkajs 2.2's
 * `TimeoutNegativeWarning` comes from its idle loop, which `stopKafkajsIdleLoop` of libs/messaging removes.)
 */
export function routeProcessWarnings(logger: Logger) {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    logger.warn({ warning: warning.name, code: (warning as { code?: string }).code }, warning.message);
  });
}
