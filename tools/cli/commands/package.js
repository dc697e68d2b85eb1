// berth microservice package [folder]: the microservice project in [folder] (default: the working
// directory) as <name>.zip next to its cumulocity.json, after checking the manifest with the
// registry's rule as deploy does; --self-contained keeps the Node runtime layer in the ZIP
// (docs/cli.md#package, docs/microservices.md#packaging).
const { resolve } = require('node:path');
const { packageMicroservice, summary } = require('../../microservice/package');
const { folderManifest } = require('../manifest');

async function run({ args, options, out, err, cwd }) {
  const folder = resolve(cwd, args.folder ?? '.');
  folderManifest(folder, { name: options.name, warn: err });
  const packaged = packageMicroservice(folder, undefined, { name: options.name, build: !options['no-build'], selfContained: !!options['self-contained'] });
  out(summary(packaged, cwd));
  return 0;
}

module.exports = { run };
