// A small bar chart in plain SVG: a few dozen bars need no chart library. Screen readers get the same
// figures as a table (visually hidden), so the chart is never the only way to read them.
export interface Bar {
  label: string;
  value: number;
  /** The value as shown in words ("€12.50"). */
  text: string;
}

const HEIGHT = 120;
const SLOT = 24;

/** `empty`: said instead of a chart of flat bars (nothing sold yet), which would read as a blank box. */
export function BarChart({ title, bars, empty }: { title: string; bars: readonly Bar[]; empty: string }) {
  if (bars.every((bar) => bar.value === 0)) {
    return (
      <figure className="bar-chart">
        <figcaption className="bar-chart__title">{title}</figcaption>
        <p className="panel__empty">{empty}</p>
      </figure>
    );
  }
  const max = Math.max(1, ...bars.map((bar) => Math.abs(bar.value)));
  const width = bars.length * SLOT;
  const every = labelEvery(bars.length);
  return (
    <figure className="bar-chart">
      <figcaption className="bar-chart__title">{title}</figcaption>
      {/* The bars stretch to the panel's width; the labels are HTML below them, so text is never stretched. */}
      <svg
        className="bar-chart__svg"
        viewBox={`0 0 ${String(width)} ${String(HEIGHT)}`}
        preserveAspectRatio="none"
        aria-hidden="true"
      >
        {bars.map((bar, index) => {
          const height = Math.round((Math.max(bar.value, 0) / max) * HEIGHT);
          return (
            <g key={bar.label}>
              <title>{`${bar.label}: ${bar.text}`}</title>
              <rect
                className="bar-chart__bar"
                x={index * SLOT + 4}
                y={HEIGHT - height}
                width={SLOT - 8}
                height={Math.max(height, bar.value > 0 ? 1 : 0)}
                rx={2}
              />
            </g>
          );
        })}
      </svg>
      {bars.length <= 31 ? (
        <div
          className="bar-chart__labels"
          aria-hidden="true"
          style={{ gridTemplateColumns: `repeat(${String(bars.length)}, minmax(0, 1fr))` }}
        >
          {bars.map((bar, index) => (
            <span key={bar.label} className="bar-chart__label">
              {index % every === 0 ? bar.label : ''}
            </span>
          ))}
        </div>
      ) : null}
      <table className="visually-hidden">
        <caption>{title}</caption>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.label}>
              <th scope="row">{bar.label}</th>
              <td>{bar.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function labelEvery(count: number): number {
  return count > 12 ? 3 : 1;
}
