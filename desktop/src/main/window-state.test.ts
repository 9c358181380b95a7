import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZE, restoredBounds } from './window-state';

const screen = { x: 0, y: 0, width: 1920, height: 1080 };

describe('restored window bounds', () => {
  it('opens at the default size the first time', () => {
    expect(restoredBounds(undefined, [screen])).toEqual(DEFAULT_SIZE);
  });

  it('puts the window back where it was, maximised or not', () => {
    const saved = { x: 200, y: 100, width: 1400, height: 900, maximized: true };
    expect(restoredBounds(saved, [screen])).toEqual(saved);
  });

  it('keeps the size but lets the OS place a window whose screen is gone', () => {
    const saved = { x: 2400, y: 100, width: 1400, height: 900, maximized: false };
    expect(restoredBounds(saved, [screen])).toEqual({ width: 1400, height: 900, maximized: false });
    expect(restoredBounds(saved, [screen, { x: 1920, y: 0, width: 2560, height: 1440 }])).toEqual(saved);
  });
});
