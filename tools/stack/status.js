// `npm run status` (apps part): prints each app (each gateway of BERTH_GATEWAY_REPLICAS) UP or DOWN; exits 0 only when all are UP.
const { APPS, portOf } = require('./apps');
const { gatewayReplicas } = require('./gateway-replicas');
const { stackEnv } = require('./env');
const { health } = require('./health');

(async () => {
  const { env } = stackEnv();
  let allUp = true;
  const gateway = APPS.find((a) => a.name === 'gateway');
  const listeners = [
    ...APPS.filter((a) => a !== gateway).map((app) => ({ app, name: app.name, env })),
    ...gatewayReplicas(env).map((replica) => ({ app: gateway, name: replica.name, env: replica.env })),
  ];
  for (const { app, name, env: own } of listeners) {
    const { up, body } = await health(app, own);
    allUp &&= up;
    const down = Object.entries(body.dependencies || {}).filter(([, d]) => d.status !== 'UP').map(([n]) => n);
    const why = up ? '' : ` (${down.length ? `down: ${down.join(', ')}` : body.reason || body.status || 'no answer'})`;
    console.log(`${name.padEnd(26)} ${up ? 'UP' : 'DOWN'}  :${portOf(app, own)}${why}`);
  }
  process.exit(allUp ? 0 : 1);
})();
