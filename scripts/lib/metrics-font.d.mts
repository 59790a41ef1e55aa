/** Types of metrics-font.mjs for the TypeScript tests. */
export interface WidthGroup {
  start: number;
  end: number;
  width: number;
}
export interface VerticalMetrics {
  ascender: number;
  descender: number;
  lineGap: number;
  typoAscender: number;
  typoDescender: number;
  typoLineGap: number;
  winAscent: number;
  winDescent: number;
}
export function metricsFont(input: {
  family: string;
  unitsPerEm?: number;
  groups: WidthGroup[];
  metrics: VerticalMetrics;
}): Uint8Array;
export function widthGroups(advances: Map<number, number>, gap?: number): WidthGroup[];
