export * from './api-route.decorator';
export * from './app-document';
export * from './components';
export * from './describe-operation';
export * from './json';
export * from './merge-documents';
