// berth microservice package [folder]: the microservice project in [folder] (default: the working
// directory) as <name>.zip next to its cumulocity.json, after checking the manifest with the
// registry's rule as deploy does (docs/cli.md#package, docs/microservices.md#packaging).
const { resolve } = require('node:path');
const { packageMicroservice, summary } = require('../../microservice/package');
const { folderManifest } = require('../manifest');

async function run({ args, options, out, err, cwd }) {
  const folder = resolve(cwd, args.folder ?? '.');
  folderManifest(folder, { name: options.name, warn: err });
  out(summary(packageMicroservice(folder, undefined, { name: options.name, build: !options['no-build'] }), cwd));
  return 0;
}

module.exports = { run };
