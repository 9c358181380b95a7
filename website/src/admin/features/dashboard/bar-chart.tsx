import { Card, Heading, Text, VisuallyHidden } from '@radix-ui/themes';

export interface Bar {
  label: string;
  /** The label under the bar (shorter than `label` where needed). */
  short: string;
  value: number;
}

/**
 * A small bar chart in SVG: the figures also as a table for screen readers (the picture is hidden from
 * them), and each bar's value on hover.
 */
export function BarChart({
  title,
  caption,
  bars,
  unit,
}: {
  title: string;
  caption: string;
  bars: Bar[];
  unit: string;
}) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const width = 600;
  const height = 220;
  const top = 16;
  const bottom = 28;
  const slot = width / Math.max(1, bars.length);
  const barWidth = Math.min(44, slot * 0.62);
  const scale = (value: number) => ((height - top - bottom) * value) / max;
  const ticks = [0, Math.ceil(max / 2), max];
  return (
    <Card size="3">
      <figure className="admin-chart">
        <Heading as="h2" size="3" weight="medium">
          {title}
        </Heading>
        <Text as="p" size="1" color="gray" mb="3">
          {caption}
        </Text>
        <svg viewBox={`0 0 ${width} ${height}`} aria-hidden="true" className="admin-chart__svg">
          {ticks.map((tick) => {
            const y = height - bottom - scale(tick);
            return (
              <g key={tick}>
                <line x1="0" x2={width} y1={y} y2={y} className="admin-chart__grid" />
                <text x="0" y={y - 4} className="admin-chart__tick">
                  {tick}
                </text>
              </g>
            );
          })}
          {bars.map((bar, index) => {
            const h = scale(bar.value);
            const x = index * slot + (slot - barWidth) / 2;
            return (
              <g key={bar.label}>
                <rect
                  x={x}
                  y={height - bottom - h}
                  width={barWidth}
                  height={Math.max(h, bar.value ? 2 : 0)}
                  rx="3"
                  className="admin-chart__bar"
                >
                  <title>{`${bar.label}: ${bar.value} ${unit}`}</title>
                </rect>
                <text x={x + barWidth / 2} y={height - 8} textAnchor="middle" className="admin-chart__label">
                  {bar.short}
                </text>
              </g>
            );
          })}
        </svg>
        <VisuallyHidden>
          <table>
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{unit === 'inquiries' ? 'Week' : 'Category'}</th>
                <th scope="col">{unit}</th>
              </tr>
            </thead>
            <tbody>
              {bars.map((bar) => (
                <tr key={bar.label}>
                  <th scope="row">{bar.label}</th>
                  <td>{bar.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </VisuallyHidden>
      </figure>
    </Card>
  );
}
