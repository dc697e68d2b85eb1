// How every benchmark ends: whatever happens (done, failed, Ctrl-C, SIGTERM), the processes it
// started are stopped and the data written under its prefix (databases, Redis keys, consumer
// groups, topics) is removed, once; then it exits with 0, 1, 130 or 143.
const processes = require('./gateway/processes');
const { cleanUpData } = require('./gateway/fixtures');

/** Runs `main`; then `before` (the benchmark's own clean-up, e.g. containers), stopAll and cleanUpData(prefix). */
function runBenchmark(main, { prefix, before = async () => undefined }) {
  let finishing = false;
  async function finish(code) {
    if (finishing) return;
    finishing = true;
    await before().catch((err) => console.error(`clean-up: ${err.message}`));
    await processes.stopAll();
    await cleanUpData(prefix).catch((err) => console.error(`could not remove the benchmark's data (prefix ${prefix}): ${err.message}`));
    process.exit(code);
  }
  process.on('SIGINT', () => { console.error('interrupted; stopping what the benchmark started'); void finish(130); });
  process.on('SIGTERM', () => void finish(143));
  main().then(() => finish(0), (err) => {
    if (!finishing) console.error(err);
    return finish(1);
  });
}

module.exports = { runBenchmark };
