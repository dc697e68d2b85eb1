export * from './tar';
export * from './zip';
export * from './docker-save';
