import pino, { type Logger, type LoggerOptions } from 'pino';
import { currentCorrelationId } from './correlation';
import { GatheredLines } from './gathered-lines';

/** Most log output held while stdout does not take it (a stalled reader): later lines are dropped, memory does not grow. */
const MAX_UNWRITTEN_BYTES = 16 * 1024 * 1024;
/** In the background, lines are written once this many bytes gathered, or after FLUSH_MS: one system call for many lines under load. */
const BATCH_BYTES = 16 * 1024;
const FLUSH_MS = 100;

/**
 * A JSON logger whose every line names the app and the current correlation id, writing to stdout.
 * Unless `sync`, lines go out in the background, gathered into writes of BATCH_BYTES or at most
 * FLUSH_MS late (one system call for many lines, under load), and whatever is left is written when
 * the process exits. Only a SIGKILL can lose lines, those of the last moments.
 */
export function createLogger(app: string, level: string, sync = false): Logger {
  if (sync) return withPlainRequestLines(pino(loggerOptions(app, level), pino.destination({ dest: 1, sync })));
  const destination = pino.destination({ dest: 1, sync, maxLength: MAX_UNWRITTEN_BYTES });
  return withPlainRequestLines(pino(loggerOptions(app, level), new GatheredLines(destination, BATCH_BYTES, FLUSH_MS)));
}

/** The options of every app's logger: level, app, ISO time, the level's label, the current correlation id, credentials redacted. */
export function loggerOptions(app: string, level: string): LoggerOptions {
  return {
    level,
    base: { app },
    timestamp: isoTimeOncePerMillisecond(),
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const correlationId = currentCorrelationId();
      return correlationId ? { correlationId } : {};
    },
    mixinMergeStrategy: (merge, mixin) => Object.assign(mixin, merge),
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]', 'req.headers.tfatoken'], censor: '[redacted]' },
  };
}

/** Loggers made with `loggerOptions`, whose request lines `logRequest` writes itself. */
const plainRequestLines = new WeakSet<Logger>();

/** Marks `logger` (made with `loggerOptions`) as one whose request lines `logRequest` may write straight into its stream. */
export function withPlainRequestLines(logger: Logger): Logger {
  plainRequestLines.add(logger);
  return logger;
}

export const hasPlainRequestLines = (logger: Logger): boolean => plainRequestLines.has(logger);

/** pino's ISO `time` field, its text made once per millisecond: under load many lines share one. */
function isoTimeOncePerMillisecond(): () => string {
  let last = 0;
  let field = '';
  return () => {
    const now = Date.now();
    if (now !== last) {
      last = now;
      field = `,"time":"${new Date(now).toISOString()}"`;
    }
    return field;
  };
}
