import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * What the first screen of a page is drawn with, by the BEM blocks of its markup (`site-header` takes
 * `.site-header__inner` and `.site-header--x` too). Every page opens with the header; each kind adds what
 * its first screen shows at 390 and at 1440 px. A page kind not named here links its stylesheets as
 * usual (render-blocking).
 */
const SHARED = [
  'skip-link',
  'visually-hidden',
  'site-header',
  'logo',
  'menu-toggle',
  'site-menu',
  'site-nav',
  'button',
  'eyebrow',
];
/** The icons and arrows of the pages whose first screen has some (the home page's has none). */
const ICONS = ['icon', 'arrow'];
export const CRITICAL_BLOCKS: Record<string, string[]> = {
  home: [...SHARED, 'hero'],
  projects: [
    ...SHARED,
    ...ICONS,
    'portfolio-intro',
    'portfolio',
    'category-tabs',
    'project-grid',
    'project-tile',
  ],
  project: [
    ...SHARED,
    ...ICONS,
    'project-hero',
    'round-button',
    'project-body',
    'project-story',
    'project-facts',
    'project-figures',
    'project-figure',
  ],
  'blog-post': [...SHARED, ...ICONS, 'post', 'back-link', 'crumbs', 'tag-list'],
};

/** The top-level blocks of a minified stylesheet: `prelude{...}` each, nested braces kept whole. */
function blocks(css: string): { prelude: string; body: string }[] {
  const out: { prelude: string; body: string }[] = [];
  let depth = 0;
  let start = 0;
  let open = 0;
  for (let i = 0; i < css.length; i++) {
    const ch = css[i];
    if (ch === '{') {
      if (depth === 0) open = i;
      depth++;
    } else if (ch === '}') {
      depth--;
      if (depth === 0) {
        out.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, i) });
        start = i + 1;
      }
    }
  }
  return out;
}

/** A selector list split at its own commas (not those inside `:is(...)` and the like). */
function splitList(prelude: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < prelude.length; i++) {
    const ch = prelude[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      out.push(prelude.slice(start, i));
      start = i + 1;
    }
  }
  out.push(prelude.slice(start));
  return out;
}

/**
 * A selector belongs to the first screen when every class it names is of a critical block (a rule for
 * `.offer-tile .eyebrow` waits for the full stylesheet); selectors without a class or id (`html`, `img`,
 * `:root`) are the base every page needs.
 */
function critical(selector: string, wanted: Set<string>): boolean {
  if (selector.includes('#')) return false; // ids name parts of a page further down
  // States a visitor reaches only by pointing, scrolling or opening the menu: the header follows the
  // last two once its island is hydrated, and the full stylesheets are added before the islands load.
  // A text selection waits for the visitor too.
  if (/:hover|::selection|\[(data-open|data-scrolled|aria-expanded)=["']?true/.test(selector)) return false;
  for (const [, name] of selector.matchAll(/\.([a-zA-Z][\w-]*)/g)) {
    const block = name!.replace(/(__|--).*$/, '');
    if (!wanted.has(block)) return false;
  }
  return true;
}

/**
 * The rules of `css` that draw the named blocks, @media and @supports kept around what they hold, with
 * the font faces that draw ASCII (the core subsets; the rest of Latin waits for the full stylesheet) and
 * the keyframes the kept rules animate with.
 */
export function extractCritical(css: string, names: string[]): string {
  const wanted = new Set(names);
  const keyframes = new Map<string, string>();
  const walk = (source: string): string =>
    blocks(source)
      .map(({ prelude, body }) => {
        if (/^@media\s+print\b/.test(prelude)) return '';
        if (/^@(media|supports|layer)\b/.test(prelude)) {
          const inner = walk(body);
          return inner ? `${prelude}{${inner}}` : '';
        }
        if (prelude.startsWith('@font-face'))
          return /unicode-range:[^;}]*U\+20\b/.test(body) ? `@font-face{${body}}` : '';
        const frames = /^@keyframes\s+([\w-]+)/.exec(prelude);
        if (frames) keyframes.set(frames[1]!, `${prelude}{${body}}`);
        if (prelude.startsWith('@')) return '';
        const selectors = splitList(prelude).filter((s) => critical(s, wanted));
        // Transitions animate a change of state, and none happens before the full stylesheets apply.
        const drawn = body.replace(/(^|;)transition:[^;]*(;|$)/g, (_, before, after) =>
          before && after ? ';' : '',
        );
        return selectors.length && drawn ? `${selectors.join(',')}{${drawn}}` : '';
      })
      .join('');
  const rules = walk(css);
  const animated = [...keyframes].filter(([name]) => new RegExp(`animation[^;}]*\\b${name}\\b`).test(rules));
  return withoutUnusedProperties(rules + animated.map(([, frames]) => frames).join(''));
}

/** `rules` less the custom properties (`--x:…`) that nothing in them reads (`var(--x)`), repeatedly. */
function withoutUnusedProperties(rules: string): string {
  for (;;) {
    const unused = new Set(
      [...rules.matchAll(/[{;](--[\w-]+):/g)]
        .map(([, name]) => name!)
        .filter((name) => !rules.includes(`var(${name})`) && !rules.includes(`var(${name},`)),
    );
    if (unused.size === 0) return rules;
    rules = rules
      .replace(/(?<=[{;])(--[\w-]+):[^;}]*;?/g, (whole, name) => (unused.has(name) ? '' : whole))
      .replace(/;}/g, '}');
  }
}

/**
 * Writes `critical-css.json` beside the client build (not served): per page kind, the rules of the public
 * stylesheets its first screen needs. The server inlines them in the page's head and loads the full
 * stylesheets without blocking the first paint (server/src/ssr/renderer.ts).
 */
export function criticalCss(): Plugin {
  let outDir = '';
  return {
    name: 'atelier-critical-css',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const css = [...template.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)]
        .map(([, href]) => fs.readFileSync(path.join(outDir, href!), 'utf8'))
        .join('');
      const result = Object.fromEntries(
        Object.entries(CRITICAL_BLOCKS).map(([page, names]) => [page, extractCritical(css, names)]),
      );
      fs.writeFileSync(path.join(outDir, '..', 'critical-css.json'), JSON.stringify(result));
    },
  };
}
