import pino, { Logger } from 'pino';
import { currentCorrelationId } from './correlation';

/** A JSON logger whose every line names the app and the current correlation id. */
export function createLogger(app: string, level: string): Logger {
  return pino({
    level,
    base: { app },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const correlationId = currentCorrelationId();
      return correlationId ? { correlationId } : {};
    },
    mixinMergeStrategy: (merge, mixin) => Object.assign(mixin, merge),
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]', 'req.headers.tfatoken'], censor: '[redacted]' },
  });
}
