import { useId } from 'react';
import { chartGeometry, type Series } from './usage-series';

/** Line colours with at least 3:1 contrast on white, told apart by the legend's names too. */
const COLOURS = ['#0b5cad', '#a4161a', '#1a7f37', '#8250df', '#9a4d00', '#00707a', '#57606a', '#bf3989'];

/**
 * Requests per application and day as a line chart drawn in SVG, with its title, axis labels and
 * legend; the same numbers follow in a table for screen readers and for reading exact values.
 */
export function UsageChart({ title, days, series }: { title: string; days: string[]; series: Series[] }) {
  const id = useId();
  const { size, yTicks, xLabels, lines } = chartGeometry(days, series);
  const plotBottom = size.height - size.bottom;
  return (
    <figure className="chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="chart-title">{title}</figcaption>
      <svg viewBox={`0 0 ${size.width} ${size.height}`} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-table`} className="chart-svg">
        {yTicks.map((t) => (
          <g key={t.value}>
            <line x1={size.left} x2={size.width - size.right} y1={t.y} y2={t.y} stroke="#d0d7de" />
            <text x={size.left - 6} y={t.y + 4} textAnchor="end" fontSize="11" fill="#1b1f24">{t.value}</text>
          </g>
        ))}
        {xLabels.map((l) => (
          <text key={l.day} x={l.x} y={plotBottom + 16} textAnchor="middle" fontSize="11" fill="#1b1f24">{l.day.slice(5)}</text>
        ))}
        <line x1={size.left} x2={size.width - size.right} y1={plotBottom} y2={plotBottom} stroke="#1b1f24" />
        <line x1={size.left} x2={size.left} y1={size.top} y2={plotBottom} stroke="#1b1f24" />
        <text x={(size.left + size.width - size.right) / 2} y={size.height - 6} textAnchor="middle" fontSize="12" fill="#1b1f24">Day (UTC)</text>
        <text x={14} y={(size.top + plotBottom) / 2} textAnchor="middle" fontSize="12" fill="#1b1f24" transform={`rotate(-90 14 ${(size.top + plotBottom) / 2})`}>Requests</text>
        {lines.map((line, n) => (
          <g key={line.key} stroke={COLOURS[n % COLOURS.length]} fill={COLOURS[n % COLOURS.length]}>
            <polyline points={line.points.map((p) => `${p.x},${p.y}`).join(' ')} fill="none" strokeWidth="2" />
            {line.points.map((p) => (
              <circle key={p.day} cx={p.x} cy={p.y} r="3.5"><title>{`${line.key}, ${p.day}: ${p.value} requests`}</title></circle>
            ))}
          </g>
        ))}
      </svg>
      <ul className="legend" aria-label="Legend">
        {series.map((s, n) => (
          <li key={s.key}><span className="swatch" aria-hidden="true" style={{ background: COLOURS[n % COLOURS.length] }} />{s.key} ({s.total})</li>
        ))}
      </ul>
      <table id={`${id}-table`}>
        <caption>{title}, by day</caption>
        <thead>
          <tr><th scope="col">Day</th>{series.map((s) => <th key={s.key} scope="col">{s.key}</th>)}</tr>
        </thead>
        <tbody>
          {days.map((day, i) => (
            <tr key={day}><th scope="row">{day}</th>{series.map((s) => <td key={s.key}>{s.values[i]}</td>)}</tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
