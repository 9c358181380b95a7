import type { FocalPoint } from '@atelier/shared';
import type { KeyboardEvent, PointerEvent } from 'react';

const STEP = 0.01;
const BIG_STEP = 0.1;
const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 1000) / 1000));
const percent = (value: number) => Math.round(value * 100);

/** "30% from the left, 70% from the top": the point in words, for a screen reader and under the photograph. */
export const describePoint = ({ x, y }: FocalPoint) =>
  `${percent(x)}% from the left, ${percent(y)}% from the top`;

/**
 * A photograph with its focal point: a click (or tap) on it sets the point; the marker is a slider a keyboard
 * moves (arrow keys 1%, with Shift 10%; Home centres it), named `label` and telling both coordinates.
 */
export function FocalPointPicker({
  src,
  alt,
  value,
  onChange,
  label = 'Focal point',
  disabled = false,
}: {
  src: string;
  alt: string;
  value: FocalPoint;
  onChange(point: FocalPoint): void;
  label?: string;
  disabled?: boolean;
}) {
  const pick = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled || event.button !== 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    onChange({
      x: clamp((event.clientX - box.left) / box.width),
      y: clamp((event.clientY - box.top) / box.height),
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? BIG_STEP : STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (event.key === 'Home') onChange({ x: 0.5, y: 0.5 });
    else if (move) onChange({ x: clamp(value.x + move[0]), y: clamp(value.y + move[1]) });
    else return;
    event.preventDefault();
  };
  return (
    <div className="focal-picker" data-disabled={disabled || undefined} onPointerDown={pick}>
      <img src={src} alt={alt} draggable={false} />
      <div
        className="focal-picker__marker"
        style={{ left: `${value.x * 100}%`, top: `${value.y * 100}%` }}
        role="slider"
        tabIndex={disabled ? -1 : 0}
        aria-label={label}
        aria-disabled={disabled || undefined}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent(value.x)}
        aria-valuetext={describePoint(value)}
        onKeyDown={disabled ? undefined : onKeyDown}
      />
    </div>
  );
}
