import { useState } from 'react';
import { Empty, ErrorBanner, Loading } from '../../components/feedback';
import { Field } from '../../components/field';
import { useLoad, useSession } from '../../hooks';
import { requestJson } from '../../rest';
import { href, type Route } from '../../routing';
import { UsageChart } from './usage-chart';
import { rangeFromQuery, rangeProblem, usageSeries, type ApplicationUsage, type DayRange } from './usage-series';

/** Requests per application over a range of days (the last 7 by default), as a chart and a table. */
export function UsagePage({ route }: { route: Route }) {
  const { client } = useSession();
  const range = rangeFromQuery(route.query, new Date());
  const problem = rangeProblem(range);
  const usage = useLoad(async () => {
    if (problem) return undefined;
    const query = new URLSearchParams({ dateFrom: range.from, dateTo: range.to });
    return usageSeries(await requestJson<ApplicationUsage>(client, `/tenant/statistics/applicationUsage?${query}`), range);
  }, `${range.from}/${range.to}`);

  return (
    <section aria-labelledby="usage-title">
      <h1 id="usage-title">Usage</h1>
      <RangeForm range={range} />
      <ErrorBanner message={problem ?? usage.error} />
      {usage.loading && !usage.data && <Loading what="the usage" />}
      {usage.data && usage.data.series.length === 0 && <Empty>No application made requests from {range.from} to {range.to}.</Empty>}
      {usage.data && usage.data.series.length > 0 && (
        <UsageChart title={`Requests per application, ${range.from} to ${range.to}`} days={usage.data.days} series={usage.data.series} />
      )}
      <p className="hint">Requests are counted per application key (the X-Cumulocity-Application-Key header) and UTC day; requests without a key are device requests and are not shown.</p>
    </section>
  );
}

function RangeForm({ range }: { range: DayRange }) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  return (
    <form className="filters" onSubmit={(e) => { e.preventDefault(); window.location.hash = href(['usage'], { from, to }); }}>
      <Field label="From">{(id) => <input id={id} type="date" value={from} onChange={(e) => setFrom(e.target.value)} required />}</Field>
      <Field label="To">{(id) => <input id={id} type="date" value={to} onChange={(e) => setTo(e.target.value)} required />}</Field>
      <button type="submit">Show</button>
    </form>
  );
}
