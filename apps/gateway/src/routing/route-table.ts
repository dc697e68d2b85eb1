/** The internal apps the gateway forwards to, each owning its own paths (docs/architecture.md). */
export const UPSTREAM_APPS = [
  'application-registry', 'subscription', 'tenant-options', 'sms-adapter', 'microservice-orchestrator',
] as const;
export type UpstreamApp = (typeof UPSTREAM_APPS)[number];

/** Paths under another app's prefix that the gateway answers itself (registered as its own routes). */
const GATEWAY_PATHS: readonly RegExp[] = [
  /^\/tenant\/statistics\/applicationUsage\/?$/,
];

/** First match wins: the more specific paths of an app come before another app's prefix. */
const ROUTES: ReadonlyArray<readonly [RegExp, UpstreamApp]> = [
  [/^\/tenant\/tenants\/[^/]+\/applications(\/|$)/, 'subscription'],
  [/^\/application\/currentApplication\/subscriptions\/?$/, 'subscription'],
  [/^\/application\/applications\/[^/]+\/(status|logs)(\/|$)/, 'microservice-orchestrator'],
  [/^\/application(\/|$)/, 'application-registry'],
  [/^\/apps(\/|$)/, 'application-registry'],
  [/^\/(tenant|user)(\/|$)/, 'tenant-options'],
  [/^\/service\/messaging(\/|$)/, 'sms-adapter'],
];

/** The app that owns `path` (no query string), or undefined when no app does. */
export function owningApp(path: string): UpstreamApp | undefined {
  for (const pattern of GATEWAY_PATHS) if (pattern.test(path)) return undefined;
  for (const [pattern, app] of ROUTES) if (pattern.test(path)) return app;
  return undefined;
}
