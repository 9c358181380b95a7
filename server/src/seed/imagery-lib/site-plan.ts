import type { Svg } from './svg';
export function paintSitePlan(svg: Svg, seed: number): void {
  svg.rect(0, 0, svg.width, svg.height, '#888');
  void seed;
}
