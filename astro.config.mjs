// @ts-check
import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';
import { defineConfig, passthroughImageService } from 'astro/config';

export default defineConfig({
  output: 'server',
  base: '/ns/portal/openbadge',
  trailingSlash: 'ignore',
  // src/fetch.ts is our composition root, called from src/worker.ts (which also exports the
  // queue and cron handlers), so Astro must not treat it as its own fetch entrypoint.
  fetchFile: null,
  // Sessions live in D1 (our own), not in the KV store the adapter would provision.
  session: false,
  // Issue 37: the renderer Worker (share cards, badge rasters) is built beside the main one, into
  // dist/lanyard_renderer, and listed in the deploy redirect that wrangler reads.
  // No astro:assets images anywhere: the image service passes images through, and the /_image
  // endpoint Astro mounts anyway is a 404 of our own (src/astro/no-image-endpoint.ts) rather than
  // the adapter's passthrough endpoint, which weighed about 14 KiB gzip of the main Worker.
  image: {
    service: passthroughImageService(),
    endpoint: { route: '/_image', entrypoint: './src/astro/no-image-endpoint.ts' },
  },
  adapter: cloudflare({
    imageService: 'custom',
    auxiliaryWorkers: [{ configPath: './workers/renderer/wrangler.toml' }],
  }),
  integrations: [
    react(),
    {
      // client:interaction hydrates an island on first pointer-over, focus or touch (public pages).
      name: 'lanyard-client-directives',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) =>
          addClientDirective({ name: 'interaction', entrypoint: './src/islands/lib/on-interaction.ts' }),
      },
    },
  ],
  // The terms of use are the only markdown and have no code; Shiki's inline styles would break the CSP.
  markdown: { syntaxHighlight: false },
  build: { inlineStylesheets: 'never' },
  // The Worker's own code is minified (Astro leaves server builds unminified "for build speed"; its
  // ssr environment takes rolldown output options): 3,077 -> 2,492 KiB gzip, so the Worker stays on
  // the free plan's 3 MB with room to grow, and starts faster. keepNames keeps functions' and
  // classes' names, which libraries and our logs read (error names, constructor checks).
  vite: {
    environments: {
      ssr: { build: { rolldownOptions: { output: { minify: true, keepNames: true } } } },
      lanyard_renderer: { build: { rolldownOptions: { output: { minify: true, keepNames: true } } } },
    },
  },
  security: {
    // One cross-site guard for every request, ours (src/server/middleware/cross-site.ts: Sec-Fetch-Site,
    // then Origin against the configured public origin), plus a signed token in every page form
    // (src/server/forms). Astro's own check compares Origin with the request's URL and refuses
    // `Origin: null`, which browsers send for same-origin posts from our no-referrer pages (RST-03).
    checkOrigin: false,
    // Astro hashes every script and style it emits into a Content-Security-Policy *header* for
    // server-rendered pages; no 'unsafe-inline' anywhere (security guide HDR-01).
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: https:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
      ],
    },
  },
});
