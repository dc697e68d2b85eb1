export * from './error-resource';
export * from './media-types';
