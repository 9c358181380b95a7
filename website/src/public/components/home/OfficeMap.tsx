import type { SiteSettings } from '@atelier/shared';
import { studioTexts } from '../../lib/studio-texts';
import '../../styles/contact.css';

/** City blocks of the drawn map, [x, y, width, height] in the SVG's own units. */
const BLOCKS: [number, number, number, number][] = [
  [40, 40, 150, 110],
  [230, 40, 170, 110],
  [440, 40, 120, 110],
  [600, 40, 200, 110],
  [840, 40, 150, 110],
  [1030, 40, 170, 110],
  [40, 190, 150, 150],
  [230, 190, 170, 70],
  [230, 290, 170, 50],
  [440, 190, 120, 150],
  [840, 190, 150, 150],
  [1030, 190, 170, 150],
  [40, 380, 150, 180],
  [230, 380, 170, 180],
  [600, 380, 200, 80],
  [600, 490, 200, 70],
  [840, 380, 150, 180],
  [1030, 380, 170, 180],
];

/** Building footprints inside each block, varied by a fixed pattern so the drawing reads as a town. */
const FOOTPRINTS = BLOCKS.flatMap(([x, y, w, h], block) => {
  const cols = w > 160 ? 3 : 2;
  const rows = h > 120 ? 2 : 1;
  const cw = (w - 20 - (cols - 1) * 12) / cols;
  const ch = (h - 20 - (rows - 1) * 12) / rows;
  const cells: [number, number, number, number][] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const n = (block * 7 + c * 3 + r * 5) % 5;
      if (n === 4) continue; // an empty plot now and then
      const inset = n * 3;
      cells.push([
        x + 10 + c * (cw + 12) + inset,
        y + 10 + r * (ch + 12) + inset,
        cw - inset * 2,
        ch - inset * 1.5,
      ]);
    }
  return cells;
});

/**
 * "Office Location": a drawn street map with the studio's pin, the address and a link to directions on
 * OpenStreetMap. A live map embed would need the visitor's browser to reach a tile server; this card is
 * complete on any network and costs no third-party requests.
 */
export function OfficeMap({ settings }: { settings: SiteSettings }) {
  const mapHint = studioTexts(settings).map_hint;
  const directions = `https://www.openstreetmap.org/search?query=${encodeURIComponent(settings.office_address)}`;
  return (
    <section className="office-map" aria-labelledby="office-map-title">
      <div className="office-map__inner">
        <div className="office-map__figure">
          <svg
            className="office-map__drawing"
            viewBox="0 0 1240 600"
            preserveAspectRatio="xMidYMid slice"
            role="img"
            aria-label={`Map showing the studio at ${settings.office_address}`}
          >
            <rect width="1240" height="600" className="office-map__ground" />
            <g transform="rotate(-9 620 300)">
              {BLOCKS.map(([x, y, w, h]) => (
                <rect
                  key={`${x}-${y}`}
                  x={x}
                  y={y}
                  width={w}
                  height={h}
                  rx="6"
                  className="office-map__block"
                />
              ))}
              {FOOTPRINTS.map(([x, y, w, h]) => (
                <rect
                  key={`${x}-${y}`}
                  x={x}
                  y={y}
                  width={w}
                  height={h}
                  rx="2"
                  className="office-map__house"
                />
              ))}
              <rect x="440" y="380" width="120" height="180" rx="6" className="office-map__park" />
              <rect x="600" y="190" width="200" height="150" rx="6" className="office-map__plot" />
              <path d="M628 214h92v46h-38v56h-54z" className="office-map__studio" />
              <path
                d="M-80 170h1400M-80 360h1400M210 -80v760M420 -80v760M580 -80v760M820 -80v760M1010 -80v760"
                className="office-map__street"
              />
              <path d="M-80 170h1400M-80 360h1400M580 -80v760M820 -80v760" className="office-map__avenue" />
            </g>
            <path
              d="M-20 520C180 470 300 560 470 520S760 420 900 470s260 90 360 40"
              className="office-map__river"
            />
            <g className="office-map__trees">
              <circle cx="480" cy="445" r="16" />
              <circle cx="520" cy="470" r="12" />
              <circle cx="470" cy="492" r="11" />
              <circle cx="515" cy="420" r="9" />
            </g>
            <g className="office-map__pin" transform="translate(700 262)">
              <circle r="46" className="office-map__halo" />
              <path d="M0 12c-14-16-22-27-22-39a22 22 0 0 1 44 0c0 12-8 23-22 39z" />
              <circle cy="-27" r="7.5" className="office-map__pin-dot" />
            </g>
          </svg>
        </div>
        <div className="office-map__card">
          <p className="eyebrow">Visit the studio</p>
          <h2 id="office-map-title">Office Location</h2>
          <address className="office-map__address">{settings.office_address}</address>
          {mapHint && <p className="office-map__hint">{mapHint}</p>}
          <a className="button" href={directions} target="_blank" rel="noopener noreferrer">
            Get directions
            <span className="visually-hidden"> (OpenStreetMap, opens in a new tab)</span>
          </a>
        </div>
      </div>
    </section>
  );
}
