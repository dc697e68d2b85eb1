export * from './outbound-agent';
export * from './outbound-policy';
export * from './outbound-config';
export { cidrList } from './blocked-addresses';
