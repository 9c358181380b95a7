import { Card, Flex, Heading, Skeleton, Text, VisuallyHidden } from '@radix-ui/themes';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Bar {
  label: string;
  /** The label under the bar (shorter than `label` where needed). */
  short: string;
  value: number;
}

/** The axis labels' size (admin.css). */
const FONT = 12;

let canvas: CanvasRenderingContext2D | null | undefined;
/** A label's width in pixels at the labels' size and font (a generous guess where canvas cannot tell). */
function textWidth(text: string, font: string): number {
  canvas ??= document.createElement('canvas').getContext('2d');
  if (!canvas) return text.length * 7;
  canvas.font = `${FONT}px ${font}`;
  return Math.ceil(canvas.measureText(text).width);
}
const HEIGHT = 220;
/** Room for the y-axis labels on the left, half a label above the top line, two rows of labels below. */
const GUTTER = 32;
const TOP = FONT;
const BOTTOM = 2 * FONT + 16;
/** The second row of labels, below the first: a line of Inter (its box is 1.21 em tall) and a little air. */
const ROW = FONT + 4;

/** 0, the middle and the top, without repeats (a top of 1 has no middle), so no two labels share a line. */
export const ticksOf = (max: number) => [...new Set([0, Math.ceil(max / 2), max])];

/**
 * How the labels under the bars are laid out: in one row when each fits its bar's slot; else in two
 * staggered rows (every other label one line lower, so each may take two slots); else every n-th label.
 */
function labelLayout(widest: number, slot: number): { staggered: boolean; every: number } {
  if (widest <= slot - 4) return { staggered: false, every: 1 };
  if (widest <= 2 * slot - 4) return { staggered: true, every: 1 };
  return { staggered: false, every: Math.ceil(widest / (slot - 4)) };
}

/** A label's centre, moved in from the chart's edges so the whole label shows. */
const within = (centre: number, half: number, width: number) =>
  Math.min(Math.max(centre, half), width - half);

/** The width the chart is drawn at (its box's, so its text stays at its CSS size) and its font. */
function useBox(fallback: number) {
  const [box, setBox] = useState({ width: fallback, font: 'sans-serif' });
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((node: HTMLDivElement | null) => {
    observer.current?.disconnect();
    if (!node) return;
    const font = getComputedStyle(node).fontFamily || 'sans-serif';
    observer.current = new ResizeObserver(([entry]) => {
      if (entry) setBox({ width: Math.max(200, Math.round(entry.contentRect.width)), font });
    });
    observer.current.observe(node);
  }, []);
  // The labels are measured in the typeface they are drawn in: again whenever a font has loaded (until
  // then the browser measures a narrower stand-in).
  useEffect(() => {
    const measureAgain = () => setBox((current) => ({ ...current }));
    document.fonts?.addEventListener('loadingdone', measureAgain);
    return () => document.fonts?.removeEventListener('loadingdone', measureAgain);
  }, []);
  return { ref, ...box };
}

/**
 * A small bar chart in SVG: the figures also as a table for screen readers (the picture is hidden from
 * them), and each bar's value on hover. Drawn at its real width (not scaled), with the y-axis labels in a
 * gutter of their own, level with their lines. With nothing to count (every bar 0) it says `empty` instead
 * of drawing an empty axis; `bars` is undefined while the figures load.
 */
export function BarChart({
  title,
  caption,
  bars,
  unit,
  empty,
}: {
  title: string;
  caption: string;
  bars: Bar[] | undefined;
  unit: string;
  empty: string;
}) {
  return (
    <Card size="3">
      <figure className="admin-chart">
        <Heading as="h2" size="3" weight="medium">
          {title}
        </Heading>
        <Text as="p" size="1" color="gray" mb="3">
          {caption}
        </Text>
        {!bars ? (
          <Skeleton className="admin-chart__empty" />
        ) : bars.every((bar) => bar.value === 0) ? (
          <Flex align="center" justify="center" className="admin-chart__empty">
            <Text as="p" size="2" color="gray">
              {empty}
            </Text>
          </Flex>
        ) : (
          <Bars bars={bars} unit={unit} title={title} />
        )}
      </figure>
    </Card>
  );
}

/** The chart's picture and its table. */
function Bars({ title, bars, unit }: { title: string; bars: Bar[]; unit: string }) {
  const { ref, width, font } = useBox(600);
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const count = Math.max(1, bars.length);
  const widths = bars.map((bar) => textWidth(bar.short, font));
  const widest = Math.max(1, ...widths);
  // Room on the right for half of the last label, where it is wider than its bar's slot.
  const slot = (width - GUTTER - Math.max(0, (widest - (width - GUTTER) / count) / 2)) / count;
  const barWidth = Math.min(44, slot * 0.62);
  const scale = (value: number) => ((HEIGHT - TOP - BOTTOM) * value) / max;
  const { staggered, every } = labelLayout(widest, slot);
  return (
    <>
      <div ref={ref}>
        <svg
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          aria-hidden="true"
          className="admin-chart__svg"
        >
          {ticksOf(max).map((tick) => {
            const y = HEIGHT - BOTTOM - scale(tick);
            return (
              <g key={tick}>
                <line x1={GUTTER} x2={width} y1={y} y2={y} className="admin-chart__grid" />
                <text
                  x={GUTTER - 8}
                  y={y}
                  textAnchor="end"
                  dominantBaseline="middle"
                  className="admin-chart__tick"
                >
                  {tick}
                </text>
              </g>
            );
          })}
          {bars.map((bar, index) => {
            const h = scale(bar.value);
            const x = GUTTER + index * slot + (slot - barWidth) / 2;
            return (
              <g key={bar.label}>
                <rect
                  x={x}
                  y={HEIGHT - BOTTOM - h}
                  width={barWidth}
                  height={Math.max(h, bar.value ? 2 : 0)}
                  rx="3"
                  className="admin-chart__bar"
                >
                  <title>{`${bar.label}: ${bar.value} ${unit}`}</title>
                </rect>
                {index % every === 0 && (
                  <text
                    x={within(x + barWidth / 2, (widths[index] ?? 0) / 2 + 1, width)}
                    y={HEIGHT - BOTTOM + FONT + 6 + (staggered && index % 2 ? ROW : 0)}
                    textAnchor="middle"
                    className="admin-chart__label"
                  >
                    {bar.short}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
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
    </>
  );
}
