// CPU time of the local infra's processes, read from /proc through their pid files (tools/infra).
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

/** CPU time (ms, user + kernel) each named infra process has used so far; undefined where it is not this machine's process. */
function infraCpuMs(names = ['ferretdb', 'kafka', 'redis']) {
  const local = process.env.BERTH_LOCAL || join(__dirname, '..', '..', '.local');
  const cpu = (name) => {
    try {
      const pid = readFileSync(join(local, 'run', `${name}.pid`), 'utf8').trim();
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 10 ms
    } catch {
      return undefined;
    }
  };
  return Object.fromEntries(names.map((n) => [n, cpu(n)]));
}

module.exports = { infraCpuMs };
