import { Logger } from 'pino';

/**
 * Sends Node's process warnings to the JSON log instead of raw stderr lines, and drops the
 * `TimeoutNegativeWarning` kafkajs 2.2 triggers on every request under Node 24 (its retry timer
 * computes a negative delay, which Node clamps to 1 ms; harmless, but one line per call).
 */
export function routeProcessWarnings(logger: Logger) {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    if (warning.name === 'TimeoutNegativeWarning') return;
    logger.warn({ warning: warning.name, code: (warning as { code?: string }).code }, warning.message);
  });
}
