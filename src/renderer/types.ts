/**
 * What the main Worker sends the renderer (issue 37). The renderer draws and stores nothing: the
 * main Worker keeps the routes, visibility checks, the stored images in R2 and the choice of fonts,
 * and calls it only on a miss. Only types cross this line, so src/server never bundles the renderer.
 */
export interface ShareCard {
  badge: string;
  issuer: string;
  recipient: string;
  /** The badge image as a data URL, or null for the default mark. */
  image: string | null;
  lang: string;
}

/** A font slice, in the order it should be tried glyph by glyph. */
export interface FontBytes {
  name: string;
  data: ArrayBuffer;
}

/** A drawn card and where the renderer spent its time (reported as Server-Timing by the caller). */
export interface DrawnCard {
  png: Uint8Array;
  layout: number;
  raster: number;
}

export const SHARE_SIZE = { width: 1200, height: 630 } as const;

/** The calls the renderer answers over the service binding (RPC). */
export interface RendererApi {
  shareCard(card: ShareCard, fonts: FontBytes[]): Promise<DrawnCard>;
  /** Rasterises an SVG at `width` px, drawing its text with `fonts`; rejects on an SVG resvg cannot read. */
  svgToPng(svg: Uint8Array, width: number, fonts: FontBytes[]): Promise<Uint8Array>;
}
