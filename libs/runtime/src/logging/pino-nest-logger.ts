import { LoggerService } from '@nestjs/common';
import { Logger } from 'pino';

/** Routes Nest's own log calls into the app's pino logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Logger) {}

  log(message: unknown, context?: string) { this.write('info', message, context); }
  error(message: unknown, trace?: string, context?: string) { this.write('error', message, context, trace); }
  warn(message: unknown, context?: string) { this.write('warn', message, context); }
  debug(message: unknown, context?: string) { this.write('debug', message, context); }
  verbose(message: unknown, context?: string) { this.write('trace', message, context); }
  fatal(message: unknown, context?: string) { this.write('fatal', message, context); }

  private write(level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal', message: unknown, context?: string, trace?: string) {
    if (message instanceof Error) this.pino[level]({ context, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) this.pino[level]({ context, ...message });
    else this.pino[level]({ context, ...(trace ? { stack: trace } : {}) }, String(message));
  }
}
