// Reads the `slow store command` lines (BERTH_STORE_SLOW_MS) from a benchmark's app logs and
// prints, per command shape (app, command, collection, filter shape), how many there were and
// their total time in each minute: the queries whose cost grows with the data show as rising rows.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { printTable } = require('./stats');

/** Every slow command in `<logDir>/<app>.log` since `since` (ms): `{ app, key, ms, minute }`. */
function slowCommands(logDir, apps, since) {
  return apps.flatMap((app) => {
    let text = '';
    try { text = readFileSync(join(logDir, `${app}.log`), 'utf8'); } catch { return []; }
    return text.split('\n').filter((l) => l.includes('"slow store command"')).flatMap((line) => {
      try {
        const { time, store } = JSON.parse(line);
        const at = Date.parse(time);
        if (!(at >= since)) return [];
        return [{ app, key: `${app} ${store.command} ${store.collection} ${store.shape}`, ms: store.ms, minute: Math.floor((at - since) / 60000) }];
      } catch { return []; }
    });
  });
}

/** The `top` shapes by total time: count and total seconds per minute. */
function printSlowCommands(rows, minutes, top = 12) {
  if (rows.length === 0) { console.log('\nno slow store commands logged'); return; }
  const byKey = new Map();
  for (const r of rows) {
    const e = byKey.get(r.key) ?? { total: 0, per: Array.from({ length: minutes }, () => ({ n: 0, ms: 0 })) };
    e.total += r.ms;
    const m = e.per[Math.min(minutes - 1, r.minute)];
    m.n += 1;
    m.ms += r.ms;
    byKey.set(r.key, e);
  }
  const ranked = [...byKey].sort((a, b) => b[1].total - a[1].total).slice(0, top);
  console.log(`\nslow store commands (count / seconds per minute), the ${ranked.length} costliest shapes of ${byKey.size}:`);
  printTable(['app command collection filter', ...Array.from({ length: minutes }, (_, i) => String(i + 1))],
    ranked.map(([key, e]) => [key.slice(0, 110), ...e.per.map((m) => (m.n ? `${m.n}/${(m.ms / 1000).toFixed(1)}` : '-'))]));
}

module.exports = { slowCommands, printSlowCommands };
