// Where the apps' consumers spent their time over a run, from their /metrics (libs/runtime
// ConsumerTimings): per app and topic, the mean wait from the producer's send until the consumer
// received a message, the mean inbox claim of a batch, and the mean handling of a message.

const METRICS = ['berth_consumer_wait_seconds', 'berth_consumer_inbox_claim_seconds', 'berth_consumer_handle_seconds'];

/** Sum and count of each consumer histogram at `url`, by `<metric> <topic>`. */
async function scrape(url) {
  const text = await (await fetch(`${url}/metrics`)).text();
  const totals = new Map();
  for (const line of text.split('\n')) {
    const m = /^(berth_consumer_\w+_seconds)_(sum|count)\{([^}]*)\} (\S+)$/.exec(line);
    const topic = m && /topic="([^"]*)"/.exec(m[3])?.[1];
    if (!topic) continue;
    const key = `${m[1]} ${topic}`;
    totals.set(key, { ...totals.get(key), [m[2]]: Number(m[4]) });
  }
  return totals;
}

/** Takes a reading of each app's (name → URL) consumer histograms; the function it answers reads them again and answers the rows of what happened in between. */
async function consumerStages(apps) {
  const read = async () => new Map(await Promise.all(Object.entries(apps).map(async ([app, url]) => [app, await scrape(url)])));
  const before = await read();
  return async () => {
    const after = await read();
    const rows = [];
    for (const [app, totals] of after) {
      const topics = [...new Set([...totals.keys()].map((key) => key.split(' ')[1]))].sort();
      for (const topic of topics) {
        const means = METRICS.map((metric) => {
          const now = totals.get(`${metric} ${topic}`) ?? {};
          const then = before.get(app)?.get(`${metric} ${topic}`) ?? {};
          const count = (now.count ?? 0) - (then.count ?? 0);
          return count > 0 ? { mean: (1000 * ((now.sum ?? 0) - (then.sum ?? 0))) / count, count } : undefined;
        });
        if (means[2]) rows.push([app, topic, means[2].count, ...means.map((m) => (m ? m.mean.toFixed(1) : ''))]);
      }
    }
    return rows;
  };
}

const STAGE_COLUMNS = ['app', 'topic', 'messages handled', 'wait (ms, mean)', 'inbox claim per batch (ms, mean)', 'handle (ms, mean)'];

module.exports = { consumerStages, STAGE_COLUMNS };
