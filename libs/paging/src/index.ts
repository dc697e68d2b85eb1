export * from './page-query';
export * from './page-resource';
