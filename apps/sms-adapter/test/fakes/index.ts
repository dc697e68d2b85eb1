export * from './fake-http-server';
export * from './fake-provider-a';
export * from './fake-provider-b';
export * from './recording-sink';
export * from './webhook-receiver';
