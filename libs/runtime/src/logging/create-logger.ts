import pino, { Logger } from 'pino';
import { currentCorrelationId } from './correlation';

/** Most log output held while stdout does not take it (a stalled reader): later lines are dropped, memory does not grow. */
const MAX_UNWRITTEN_BYTES = 16 * 1024 * 1024;

/**
 * A JSON logger whose every line names the app and the current correlation id, writing to stdout.
 * Unless `sync`, lines go out in the background: those logged while a write is under way go
 * together in the next one (one system call instead of one per line, under load), and whatever is
 * left is written when the process exits. Only a SIGKILL can lose lines, those of the last moments.
 */
export function createLogger(app: string, level: string, sync = false): Logger {
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
  }, pino.destination({ dest: 1, sync, maxLength: MAX_UNWRITTEN_BYTES }));
}
