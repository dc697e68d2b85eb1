// `npm run status` (apps part): prints each app UP or DOWN; exits 0 only when all are UP.
const { APPS, portOf } = require('./apps');
const { stackEnv } = require('./env');
const { health } = require('./health');

(async () => {
  const { env } = stackEnv();
  let allUp = true;
  for (const app of APPS) {
    const { up, body } = await health(app, env);
    allUp &&= up;
    const down = Object.entries(body.dependencies || {}).filter(([, d]) => d.status !== 'UP').map(([n]) => n);
    const why = up ? '' : ` (${down.length ? `down: ${down.join(', ')}` : body.reason || body.status || 'no answer'})`;
    console.log(`${app.name.padEnd(26)} ${up ? 'UP' : 'DOWN'}  :${portOf(app, env)}${why}`);
  }
  process.exit(allUp ? 0 : 1);
})();
