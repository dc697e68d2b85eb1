// The six apps as the local stack runs them (tools/stack/apps.json, also read by libs/testing).
const APPS = require('./apps.json');

/** The port an app listens on, honouring app-specific overrides like APPLICATION_REGISTRY_PORT. */
function portOf(app, env = process.env) {
  if (app.name === 'gateway') return Number(env.BERTH_PORT || app.port);
  return Number(env[`${app.name.toUpperCase().replace(/-/g, '_')}_PORT`] || app.port);
}

module.exports = { APPS, portOf };
