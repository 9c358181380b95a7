/**
 * How every browser the tests start is launched: Chromium headless, without the sandbox (containers, root)
 * or a GPU, and without the background traffic (updates, sync, QUIC probes) that would skew timings.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
