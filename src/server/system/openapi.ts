import type { OpenAPIHono } from '@hono/zod-openapi';
import { html, raw } from 'hono/html';
import { CONFIG } from '../config';
import { styleHash as hashOf } from '../http/style-hash';
import type { AppEnv } from '../context';

const INFO = {
  title: 'Lanyard API',
  version: CONFIG.releaseVersion,
  description:
    'The wallet API (spec §7: POST with JSON, `status` in the body as well as HTTP), the issuer API and the hosted Open Badges 2.0 documents. Errors use one envelope: `{status, errors: [{code, resource_key, message, field?}]}`.',
};

// Where src/server/app.ts mounts the development routes.
const DEV_PREFIX = '/api/dev/';

type Doc = ReturnType<OpenAPIHono<AppEnv>['getOpenAPI31Document']>;
interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  requestBody?: unknown;
  responses?: Record<string, { description?: string }>;
}

/** Mounts the machine-readable document and a plain, script-free page that lists every operation. */
export function mountApiDocs(app: OpenAPIHono<AppEnv>): void {
  // The schemes named by the routers' `x-access` rules (src/server/middleware/router.ts).
  const bearer = (description: string) => ({ type: 'http' as const, scheme: 'bearer', description });
  app.openAPIRegistry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'accessToken',
    description: 'The wallet session (spec §7 also accepts `access_token` in the JSON body)',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'issuerKey', bearer('Issuer API key (lyk_…)'));
  app.openAPIRegistry.registerComponent('securitySchemes', 'adminToken', bearer('ISSUER_ADMIN_TOKEN'));
  app.openAPIRegistry.registerComponent('securitySchemes', 'devToken', bearer('Development only: DEV_SQL_TOKEN'));
  const document = (environment: string): Doc => {
    const doc = app.getOpenAPI31Document({ openapi: '3.1.0', info: INFO });
    return environment === 'production' ? withoutDevelopment(doc) : doc;
  };
  app.get('/api/openapi.json', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(document(c.env.ENVIRONMENT));
  });
  app.get('/api/docs', async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; style-src '${await styleHash()}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
    );
    return c.html(renderDocs(document(c.env.ENVIRONMENT)));
  });
}

/**
 * Production's document leaves out the development routes (/api/dev, 404 there for everyone) and
 * their token scheme (issue 33, item 7): it lists what a deployment answers, nothing more.
 */
function withoutDevelopment(doc: Doc): Doc {
  const paths = Object.fromEntries(Object.entries(doc.paths ?? {}).filter(([path]) => !path.startsWith(DEV_PREFIX)));
  const schemes = Object.fromEntries(
    Object.entries(doc.components?.securitySchemes ?? {}).filter(([name]) => name !== 'devToken'),
  );
  return { ...doc, paths, components: { ...doc.components, securitySchemes: schemes } };
}

function renderDocs(doc: Doc) {
  const rows = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item ?? {}).map(([method, op]) => ({ path, method, op: op as Operation })),
  );
  const tags = [...new Set(rows.map((r) => r.op.tags?.[0] ?? 'Other'))].sort();
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${INFO.title} ${INFO.version}</title>
        <style>
          ${raw(DOC_CSS)}
        </style>
      </head>
      <body>
        <main>
          <h1>${INFO.title} <small>${INFO.version}</small></h1>
          <p>${INFO.description}</p>
          <p><a href="/api/openapi.json">OpenAPI 3.1 document (JSON)</a></p>
          ${tags.map(
            (tag) =>
              html`<section>
                <h2>${tag}</h2>
                ${rows
                  .filter((r) => (r.op.tags?.[0] ?? 'Other') === tag)
                  .map(
                    (r) =>
                      html`<article>
                        <h3><span class="m">${r.method.toUpperCase()}</span> <code>${r.path}</code></h3>
                        <p>${r.op.summary ?? ''}</p>
                        ${r.op.description ? html`<p>${r.op.description}</p>` : ''}
                        <ul>
                          ${Object.entries(r.op.responses ?? {}).map(([code, res]) => html`<li><b>${code}</b> ${res.description ?? ''}</li>`)}
                        </ul>
                      </article>`,
                  )}
              </section>`,
          )}
        </main>
      </body>
    </html>`;
}

// The page's policy allows exactly this style block, by hash; scripts stay forbidden.
const DOC_CSS =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1c2430;background:#f7f8fa}main{max-width:60rem;margin:auto;padding:1.5rem}h2{border-block-end:2px solid #d5dae1;padding-block-end:.25rem}article{background:#fff;border:1px solid #d5dae1;border-radius:.5rem;padding:.75rem 1rem;margin-block:.75rem}h3{font-size:1rem;margin:0}.m{display:inline-block;min-width:3.5rem;font-weight:700;color:#0b5cad}code{font-size:.95rem}small{color:#4a5563;font-size:1rem}';

let docCssHash: Promise<string> | undefined;
function styleHash(): Promise<string> {
  docCssHash ??= hashOf(DOC_CSS).then((hash) => `sha256-${hash}`);
  return docCssHash;
}
