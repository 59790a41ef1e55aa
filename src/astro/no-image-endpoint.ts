import type { APIRoute } from 'astro';

/*
 * Astro's image endpoint (/_image), which Astro mounts in every server build. Lanyard uses no
 * astro:assets images (badge, certificate and profile images are served by the API from R2), so
 * the route answers 404 instead of carrying the Cloudflare adapter's passthrough endpoint (about
 * 14 KiB gzip of the main Worker, issue 38: room for learner records under the 1,200 KiB budget).
 */
export const GET: APIRoute = () => new Response(null, { status: 404 });
