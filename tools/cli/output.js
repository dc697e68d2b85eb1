// Output helpers shared by the commands: progress lines with the time since the command started,
// the upload progress of a ZIP, tables; and the pause between two polls.

/** A printer of `[   1.2s] text` lines through `out`, the time counted from its creation. */
function elapsed(out, started = Date.now()) {
  const say = (text) => out(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s] ${text}`);
  say.started = started;
  return say;
}

/** Upload progress on `stream`: by the percent on a terminal, every 10 % otherwise. */
function uploadProgress(stream = process.stderr) {
  let lastPct = -1;
  return (sent, total) => {
    const pct = Math.floor((sent / total) * 100);
    if (pct === lastPct) return;
    lastPct = pct;
    const mb = (n) => (n / 1048576).toFixed(1);
    if (stream.isTTY) stream.write(`\ruploading ${pct}% (${mb(sent)}/${mb(total)} MB)${pct === 100 ? '\n' : ''}`);
    else if (pct % 10 === 0) stream.write(`uploading ${pct}% (${mb(sent)}/${mb(total)} MB)\n`);
  };
}

/** `rows` as columns padded to their widest cell, the first row being the header. */
function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? String(cell) : String(cell).padEnd(widths[i]))).join('  ').trimEnd());
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

module.exports = { elapsed, uploadProgress, table, sleep };
