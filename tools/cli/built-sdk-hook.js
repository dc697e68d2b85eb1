// Preloaded (`node --require`) by `berth microservice run --local` into a service that has no SDK of its
// own installed: `require('@berth/microservice-sdk')` that Node cannot resolve from the service's
// folders resolves to the SDK package this repository builds (npm run build:sdk), so the service
// runs without npm install and without NODE_PATH (docs/cli.md#run).
const { registerHooks } = require('node:module');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');

const SDK = '@berth/microservice-sdk';
const BUILT = pathToFileURL(join(__dirname, '..', '..', 'dist', 'packages', 'microservice-sdk', 'dist', 'index.js')).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier !== SDK) return nextResolve(specifier, context);
    try {
      return nextResolve(specifier, context);
    } catch {
      return { url: BUILT, format: 'commonjs', shortCircuit: true };
    }
  },
});
