export * from './auth-errors';
export * from './decorators';
export * from './principal';
export * from './principal-token';
export * from './principal.guard';
export * from './roles';
export * from './secret-box';
export * from './secrets-config';
