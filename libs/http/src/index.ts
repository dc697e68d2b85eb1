export * from './domain-error';
export * from './error-resource';
export * from './http-error.filter';
export * from './media-types';
export * from './method-index';
export * from './processing-mode-header';
export * from './method-override';
export * from './verb-conventions';
