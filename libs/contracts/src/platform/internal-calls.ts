/**
 * The six Berth apps and the port each serves its HTTP interface on. The gateway's is public; it
 * serves `GET /metrics` on a port of its own (`BERTH_METRICS_PORT`), every other app on its own port.
 */
export const PLATFORM_APPS = {
  gateway: { port: 8080, metricsPort: 9464 },
  'application-registry': { port: 3101, metricsPort: 3101 },
  subscription: { port: 3102, metricsPort: 3102 },
  'tenant-options': { port: 3103, metricsPort: 3103 },
  'sms-adapter': { port: 3104, metricsPort: 3104 },
  'microservice-orchestrator': { port: 3105, metricsPort: 3105 },
} as const;

export type PlatformApp = keyof typeof PLATFORM_APPS;

/** One synchronous HTTP call from one app to another: the callee's port and the caller's variable holding its address. */
export interface InternalCall {
  caller: PlatformApp;
  callee: PlatformApp;
  port: number;
  /** The variable of the caller's config schema that holds the callee's URL. */
  env: string;
}

const call = (caller: PlatformApp, callee: PlatformApp, env: string): InternalCall => ({ caller, callee, port: PLATFORM_APPS[callee].port, env });

/**
 * Who calls whom inside the platform. Deployments allow exactly these flows between the apps
 * (k8s/base/platform/networkpolicies.yaml, k8s/base/hosted/networkpolicies.yaml); tools/deploy/k8s.spec.ts checks that the policies allow
 * every call listed and that every app URL an app's config schema reads is listed.
 */
export const INTERNAL_CALLS: readonly InternalCall[] = [
  call('gateway', 'application-registry', 'APPLICATION_REGISTRY_URL'),
  call('gateway', 'subscription', 'SUBSCRIPTION_URL'),
  call('gateway', 'tenant-options', 'TENANT_OPTIONS_URL'),
  call('gateway', 'sms-adapter', 'SMS_ADAPTER_URL'),
  call('gateway', 'microservice-orchestrator', 'MICROSERVICE_ORCHESTRATOR_URL'),
  // A microservice's settings are read from its owner's tenant options.
  call('application-registry', 'tenant-options', 'TENANT_OPTIONS_URL'),
  // A subscription to a microservice reads its current roles.
  call('subscription', 'application-registry', 'APPLICATION_REGISTRY_URL'),
  // The tenant's `messaging` options.
  call('sms-adapter', 'tenant-options', 'TENANT_OPTIONS_URL'),
  // Binaries to run, and PER_TENANT service users.
  call('microservice-orchestrator', 'application-registry', 'APPLICATION_REGISTRY_URL'),
  call('microservice-orchestrator', 'subscription', 'SUBSCRIPTION_URL'),
];
