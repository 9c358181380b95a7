import { describe, expect, it } from 'vitest';
import { extractCritical } from './critical-css';

const CSS = [
  ':root{--ink:#111;--unused:red;--gap:1rem;--chained:var(--gap)}',
  'body{margin:0;color:var(--ink)}',
  '.hero{min-height:100svh;transition:opacity .3s}',
  '.hero__title{font-size:4rem}',
  '.offer-tile{display:grid}',
  '.hero .offer-tile{color:red}',
  '.site-header{transition:background-color .35s ease, box-shadow .35s}',
  '.site-header[data-scrolled=true]{box-shadow:0 1px 0 #ddd}',
  '.menu-toggle[aria-expanded=true] .menu-toggle__bars{transform:rotate(45deg)}',
  '.hero a:hover{text-decoration:underline}',
  '@media (width<=767px){.hero{padding:1rem}.offer-tile{gap:0}}',
  '@media print{.hero{display:none}}',
  '@font-face{font-family:Inter;src:url(/a.woff2);unicode-range:U+20-7E}',
  '@font-face{font-family:Inter;src:url(/b.woff2);unicode-range:U+100-17F}',
  '.hero__content{animation:arrive 1s both}',
  '::selection{color:var(--ink)}',
  '@keyframes arrive{from{opacity:.35}}',
  '@keyframes unused{from{opacity:0}}',
].join('');

describe('extractCritical', () => {
  const critical = extractCritical(CSS, ['hero', 'site-header', 'menu-toggle']);

  it('keeps the base rules and the named blocks’ rules, inside their @media', () => {
    expect(critical).toContain(':root{--ink:#111}');
    expect(critical).toContain('body{margin:0;color:var(--ink)}');
    expect(critical).toContain('.hero__title{font-size:4rem}');
    expect(critical).toContain('@media (width<=767px){.hero{padding:1rem}}');
  });

  it('leaves out other blocks, print rules, states reached only by script or pointer, and non-ASCII faces', () => {
    expect(critical).not.toContain('offer-tile');
    expect(critical).not.toContain('@media print');
    expect(critical).not.toContain('data-scrolled');
    expect(critical).not.toContain('aria-expanded');
    expect(critical).not.toContain(':hover');
    expect(critical).toContain('url(/a.woff2)');
    expect(critical).not.toContain('url(/b.woff2)');
  });

  it('drops transitions (no state changes before the full stylesheets) and rules left empty by that', () => {
    expect(critical).not.toContain('transition');
    expect(critical).toContain('.hero{min-height:100svh}');
    expect(critical).not.toMatch(/\.site-header\{/);
  });

  it('keeps only the custom properties the kept rules read, and no selection colours', () => {
    expect(critical).not.toContain('--unused');
    expect(critical).not.toContain('--chained');
    expect(critical).not.toContain('--gap');
    expect(critical).not.toContain('::selection');
  });

  it('keeps the keyframes of the animations it keeps, only those', () => {
    expect(critical).toContain('@keyframes arrive{from{opacity:.35}}');
    expect(critical).not.toContain('unused');
  });
});
