// The six apps as the local stack runs them: name, port variable and default port.
const APPS = [
  { name: 'application-registry', portVar: 'PORT', port: 3101 },
  { name: 'subscription', portVar: 'PORT', port: 3102 },
  { name: 'tenant-options', portVar: 'PORT', port: 3103 },
  { name: 'sms-adapter', portVar: 'PORT', port: 3104 },
  { name: 'microservice-orchestrator', portVar: 'PORT', port: 3105 },
  { name: 'gateway', portVar: 'BERTH_PORT', port: 8080 },
];

/** The port an app listens on, honouring APP-specific overrides like APPLICATION_REGISTRY_PORT. */
function portOf(app, env = process.env) {
  if (app.name === 'gateway') return Number(env.BERTH_PORT || app.port);
  return Number(env[`${app.name.toUpperCase().replace(/-/g, '_')}_PORT`] || app.port);
}

module.exports = { APPS, portOf };
