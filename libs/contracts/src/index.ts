export * from './contract';
export * from './processing-mode';
export * from './topics';
export * from './catalogue';
export * from './registry/application-created.v1';
export * from './tenant/option-changed.v1';
export * from './sms/sms-providers';
