export * from './stack-env';
export * from './test-stack';
export * from './metrics';
export * from './gateway-client';
export * from './archives';
export * from './hello-image';
export * from './containers';
export * from './secret-scan';
