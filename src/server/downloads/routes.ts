import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bytesToBase64 } from '../../lib/base64';
import type { AppEnv } from '../context';
import { ok } from '../http/envelope';
import { envelope, jsonBody, okReply } from '../http/openapi';
import { downloadService } from './service';
import { badgeFile } from './files';
import { sendFile } from '../http/file';
import { apiRouter } from '../middleware/router';
import { SIGNED_IN } from '../middleware/rules';

const { router, route } = apiRouter(SIGNED_IN);
/** SIGNED_IN has let only a signed-in caller through. */
const owner = (c: Context<AppEnv>) => c.var.user?.accountId ?? '';

const W = '/Wallet';
const body = jsonBody(z.object({ access_token: z.string().optional(), assertion_id: z.string().min(1).max(64) }));
const binary = (type: string, description: string) => ({
  200: { description, content: { [type]: { schema: z.string().openapi({ format: 'binary' }) } } },
});
const download = <N extends string>(name: N, summary: string, responses: ReturnType<typeof binary>) =>
  route({
    method: 'post',
    path: `${W}/Download/${name}`,
    tags: ['Wallet'],
    summary,
    request: { body },
    responses,
  });

const pdf = download(
  'pdf',
  'The PDF certificate of a received badge (a revoked one is printed REVOKED)',
  binary('application/pdf', 'PDF'),
);
const image = download(
  'image',
  'The baked badge image (PNG or SVG carrying the assertion); 410 E410180 once revoked',
  binary('image/png', 'Image'),
);
const json = download(
  'json',
  'The Open Badges assertion (JSON-LD); of an imported badge, the credential as received (JSON, or a compact JWS). ' +
    '410 E410180 once revoked',
  binary('application/ld+json', 'Assertion'),
);
// Issue 21: the same award as an Open Badges 3.0 credential, as JSON and baked into a PNG.
const ob3json = download(
  'ob3json',
  'The Open Badges 3.0 credential (signed OpenBadgeCredential, JSON); 410 E410180 once revoked',
  binary('application/vc+ld+json', 'OpenBadgeCredential'),
);
const ob3image = download(
  'ob3image',
  'The badge image as a PNG carrying the Open Badges 3.0 credential (iTXt openbadgecredential); 410 E410180 once revoked',
  binary('image/png', 'Image'),
);
const qr = route({
  method: 'post',
  path: `${W}/GetQRCodeForPublicDetail`,
  tags: ['Wallet'],
  summary: "A QR code of the badge's public page: the URL, SVG markup and a PNG data URL",
  request: { body },
  responses: okReply('QR code', envelope.extend({ url: z.string(), svg: z.string(), png: z.string() })),
});

/** Downloads of spec §1 (image, JSON, PDF certificate) and the QR code; the owner's badges only. */
export const downloadRoutes = router
  .openapi(pdf, async (c) => sendFile(c, await badgeFile(c, 'pdf', c.req.valid('json').assertion_id, owner(c))))
  .openapi(image, async (c) => sendFile(c, await badgeFile(c, 'image', c.req.valid('json').assertion_id, owner(c))))
  .openapi(json, async (c) => sendFile(c, await badgeFile(c, 'json', c.req.valid('json').assertion_id, owner(c))))
  .openapi(ob3json, async (c) => sendFile(c, await badgeFile(c, 'ob3json', c.req.valid('json').assertion_id, owner(c))))
  .openapi(ob3image, async (c) =>
    sendFile(c, await badgeFile(c, 'ob3image', c.req.valid('json').assertion_id, owner(c))),
  )
  .openapi(qr, async (c) => {
    const r = await downloadService(c.env).qrCode(c.req.valid('json').assertion_id, c.var.user?.accountId ?? '');
    c.header('Cache-Control', 'no-store');
    return ok(c, { url: r.url, svg: r.svg, png: `data:image/png;base64,${bytesToBase64(r.png)}` });
  });
