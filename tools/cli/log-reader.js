// Reading an instance's logs through GET /application/applications/{id}/logs/{instance}
// (docs/api/hosting.md) so that each line is printed exactly once, however often it is read.
//
// The resource answers the newest `limit` lines of an inclusive window (`dateFrom`, `dateTo`, in
// milliseconds) as one text, with the time of its last line (`lastDateInLog`) but not of each line.
// Reading again from that time answers the lines of that millisecond again. So each read splits its
// answer at the time T of its newest line: the lines before T are read once more with `dateTo` just
// before T and printed, less those at the previous T already printed; the lines at T are printed and
// counted, and the next read starts at T.

/** Printed where lines are missing because more arrived between two reads than one read holds. */
const LINES_LEFT_OUT = '[more lines arrived than one read holds: some are not shown]';

const linesOf = (text) => (text ? text.split('\n') : []);
const justBefore = (iso) => new Date(Date.parse(iso) - 1).toISOString();

/**
 * A reader of one instance's new lines. `read(query)` answers the resource's body for
 * `{dateFrom?, dateTo?, limit}`. `next()` answers the lines not answered before, oldest first, and
 * whether older lines were left out by `limit`.
 */
function logReader(read, { limit = 1000, since } = {}) {
  let cursor;
  let shownAtCursor = 0;
  let first = true;
  return async function next() {
    const wasFirst = first;
    first = false;
    const from = cursor ?? since;
    const latest = await read({ dateFrom: from, limit });
    const all = linesOf(latest.logs);
    const newest = latest.lastDateInLog;
    if (!newest || newest === cursor) {
      // Every line is at the cursor (or carries no time): those beyond the ones shown are new.
      const lines = all.slice(shownAtCursor);
      shownAtCursor = all.length;
      return { lines, leftOut: wasFirst && latest.truncated };
    }
    const before = await read({ dateFrom: from, dateTo: justBefore(newest), limit });
    const settled = linesOf(before.logs).slice(before.truncated ? 0 : shownAtCursor);
    // Without truncation `latest` holds every line from the cursor on, the settled ones first; else
    // which of its lines are at `newest` is unknown, so those are read by themselves.
    const atNewest = latest.truncated ? linesOf((await read({ dateFrom: newest, dateTo: newest, limit })).logs) : all.slice(linesOf(before.logs).length);
    cursor = newest;
    shownAtCursor = atNewest.length;
    // The first answer holds the newest `limit` lines, as one read of the resource would.
    if (wasFirst) return { lines: [...settled, ...atNewest].slice(-limit), leftOut: latest.truncated };
    return { lines: [...(before.truncated ? [LINES_LEFT_OUT] : []), ...settled, ...atNewest], leftOut: false };
  };
}

module.exports = { logReader, LINES_LEFT_OUT };
