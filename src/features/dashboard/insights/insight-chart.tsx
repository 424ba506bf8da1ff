// A chart of the insights, drawn by Chart.js (a canvas: light, well kept, and tree-shaken to the bar and line
// charts used here). Loaded lazily with the Insights page only, so the register never carries it. The canvas
// is a picture (role="img" named by the title); screen readers get the same figures as a table, and the
// views show the full figures as visible tables beside the charts.
import { useEffect, useRef } from 'react';
import { Trans } from '@lingui/react/macro';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

export interface ChartSeries {
  label: string;
  values: readonly (number | null)[];
}

export interface InsightChartProps {
  title: string;
  kind: 'bar' | 'line';
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** A value as words, for the tooltip, the axis and the table ("€12.50", "4.2"). */
  format: (value: number) => string;
  /** Bars run across, for long category and product names on a phone. */
  horizontal?: boolean;
}

// The theme's brand teal, the accent amber and a slate: this period, the previous one, last year.
const COLOURS = ['#0f766e', '#f59e0b', '#94a3b8'];

export default function InsightChart({ title, kind, labels, series, format, horizontal }: InsightChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    // No 2D context (jsdom, a browser without canvas): the table below still carries every figure.
    if (!context) return;
    const chart = new Chart(context, {
      type: kind,
      data: {
        labels: [...labels],
        datasets: series.map((one, index) => ({
          label: one.label,
          data: [...one.values],
          backgroundColor: COLOURS[index % COLOURS.length],
          borderColor: COLOURS[index % COLOURS.length],
          borderWidth: kind === 'line' ? 2 : 0,
          pointRadius: kind === 'line' && labels.length > 40 ? 0 : 3,
          spanGaps: true,
        })),
      },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          legend: { display: series.length > 1, position: 'bottom' },
          tooltip: {
            callbacks: {
              label: (item) => `${item.dataset.label ?? ''}: ${format(Number(item.raw))}`,
            },
          },
        },
        scales: {
          [horizontal ? 'x' : 'y']: {
            beginAtZero: true,
            ticks: { callback: (value) => format(Number(value)) },
          },
        },
      },
    });
    return () => {
      chart.destroy();
    };
  }, [kind, labels, series, format, horizontal]);

  const height = horizontal ? Math.max(160, labels.length * 28 + 60) : 240;
  return (
    <figure className="insight-chart">
      <figcaption className="insight-chart__title">{title}</figcaption>
      <div className="insight-chart__canvas" style={{ height }}>
        <canvas ref={canvas} role="img" aria-label={title} />
      </div>
      {/* A table is never narrower than its content, so the hiding box is a div around it. */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{horizontal ? <Trans>Name</Trans> : <Trans>When</Trans>}</th>
              {series.map((one) => (
                <th key={one.label} scope="col">
                  {one.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, row) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((one) => {
                  const value = one.values[row];
                  return (
                    <td key={one.label}>{value === null || value === undefined ? '—' : format(value)}</td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
