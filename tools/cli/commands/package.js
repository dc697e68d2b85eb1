// berth microservice package [folder]: the microservice project in [folder] (default: the working
// directory) as <name>.zip next to its cumulocity.json, after checking the manifest with the
// registry's rule as deploy does; --self-contained keeps the Node runtime layer in the ZIP
// (docs/cli.md#package, docs/microservices.md#packaging).
const { readFileSync } = require('node:fs');
const { join, resolve } = require('node:path');
const { packageMicroservice, summary } = require('../../microservice/package');
const { MANIFEST, registryRule } = require('../manifest');

async function run({ args, options, out, err, cwd }) {
  const folder = resolve(cwd, args.folder ?? '.');
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(folder, MANIFEST), 'utf8'));
  } catch (e) {
    throw new Error(e.code === 'ENOENT' ? `${folder} has no ${MANIFEST}` : `${MANIFEST} is not valid JSON`);
  }
  const result = registryRule()({ ...manifest, ...(options.name ? { name: options.name } : {}) }, []);
  for (const warning of result.warnings) err(`warning: ${MANIFEST}: ${warning}`);
  if (!result.ok) throw new Error(`${MANIFEST} is invalid: ${result.problems.join('; ')}`);
  const packaged = packageMicroservice(folder, undefined, { name: options.name, build: !options['no-build'], selfContained: !!options['self-contained'] });
  out(summary(packaged, cwd));
  return 0;
}

module.exports = { run };
