import { WorkerEntrypoint } from 'cloudflare:workers';
import { drawCard, rasterise } from './draw';
import type { FontBytes, RendererApi, ShareCard } from './types';

/**
 * The renderer Worker (issue 37): satori, resvg and yoga, about 1 MB gzip of WebAssembly and
 * layout code that only share cards and badge rasters use, kept out of the main Worker so every
 * other request starts without them. Reached only through the main Worker's service binding
 * RENDERER; it has no route, no storage and no secret, and never fetches.
 */
export class Renderer extends WorkerEntrypoint implements RendererApi {
  shareCard(card: ShareCard, fonts: FontBytes[]) {
    return drawCard(card, fonts);
  }

  svgToPng(svg: Uint8Array, width: number, fonts: FontBytes[]) {
    return rasterise(svg, width, fonts);
  }
}

/** Not reachable from the internet (workers_dev and preview URLs are off); anything else is 404. */
export default { fetch: () => new Response(null, { status: 404 }) } satisfies ExportedHandler;
