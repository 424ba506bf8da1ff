// A small bar chart in plain SVG: a few dozen bars need no chart library. Screen readers get the same
// figures as a table (visually hidden), so the chart is never the only way to read them.
export interface Bar {
  label: string;
  value: number;
  /** The value as shown in words ("€12.50"). */
  text: string;
}

const HEIGHT = 120;

export function BarChart({ title, bars }: { title: string; bars: readonly Bar[] }) {
  const max = Math.max(1, ...bars.map((bar) => Math.abs(bar.value)));
  const width = Math.max(bars.length, 1) * 24;
  return (
    <figure className="bar-chart">
      <figcaption className="bar-chart__title">{title}</figcaption>
      <svg
        className="bar-chart__svg"
        viewBox={`0 0 ${String(width)} ${String(HEIGHT + 16)}`}
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
                x={index * 24 + 4}
                y={HEIGHT - height}
                width={16}
                height={Math.max(height, bar.value > 0 ? 1 : 0)}
                rx={2}
              />
              {bars.length <= 31 && index % labelEvery(bars.length) === 0 ? (
                <text className="bar-chart__label" x={index * 24 + 12} y={HEIGHT + 13} textAnchor="middle">
                  {bar.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
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
