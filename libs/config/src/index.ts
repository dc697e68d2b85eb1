export * from './base-config';
export * from './load-config';
export { z } from 'zod';
