/** Injection token of the app's pino logger. */
export const PINO = Symbol('PINO');
