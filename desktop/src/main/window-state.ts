/** Keeps the restored window on a screen that still exists. No electron import. */
import type { WindowBounds } from '../shared/ipc';

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DEFAULT_SIZE = { width: 1280, height: 800 };

/**
 * The saved bounds when at least a corner's worth (100 × 50 px) of the window's title bar lies on one
 * of today's displays; else the default size, centred by the OS.
 */
export function restoredBounds(saved: WindowBounds | undefined, displays: Area[]): Partial<WindowBounds> {
  if (!saved) return { ...DEFAULT_SIZE };
  const visible = displays.some(
    (d) =>
      saved.x + saved.width - 100 >= d.x &&
      saved.x + 100 <= d.x + d.width &&
      saved.y >= d.y - 10 &&
      saved.y + 50 <= d.y + d.height,
  );
  return visible ? saved : { width: saved.width, height: saved.height, maximized: saved.maximized };
}
