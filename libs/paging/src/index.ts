export * from './page-query';
export * from './page-resource';
export * from './restricted-page';
