import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { TestProject } from 'vitest/node';
import { serveFixture } from './conformance-fixtures';
import { documentStore } from './document-store';
import { hostileLinks } from './hostile-links';
import { chunk, png } from './png';
import { signedStandIn } from './signed-stand-in';
import { changingStandIn, credentialIds, originStandIn, spoofStandIn } from './trust-stand-in';

declare module 'vitest' {
  export interface ProvidedContext {
    issuerPort: number;
  }
}

/** What the stand-in DNS-over-HTTPS resolver answers (type 1 = A, 28 = AAAA). */
const ZONE: Record<string, { A?: string[]; AAAA?: string[] }> = {
  'public.example': { A: ['93.184.215.14'] },
  '127.0.0.1.nip.io': { A: ['127.0.0.1'] },
  '169.254.169.254.nip.io': { A: ['169.254.169.254'] },
  'mixed.example': { A: ['93.184.215.14'], AAAA: ['::1'] },
  'private6.example': { AAAA: ['fd00::1'] },
};

const OB = 'https://w3id.org/openbadges/v2';
/** The stand-in badge classes' image: 32x32, unlike any image a test uploads. */
export const BADGE_PNG = png(32, 32, chunk('IDAT', new Uint8Array([7, 7, 7, 7])));
const json = { 'content-type': 'application/ld+json' };
type Send = (status: number, body: string | Buffer, headers?: Record<string, string>) => void;

/**
 * Another issuer's hosted Open Badges 2.0 documents (the stand-in of issue 6). The recipient is
 * learner@example.test, hashed with a salt; ids carry this server's own address.
 */
function standInIssuer(path: string, base: string, send: Send) {
  const issuer = {
    '@context': OB,
    type: 'Issuer',
    id: `${base}/ob/issuer.json`,
    name: 'Stand-in Academy',
    url: base,
    email: 'badges@stand-in.example',
  };
  const badge = {
    '@context': OB,
    type: 'BadgeClass',
    id: `${base}/ob/badge.json`,
    name: 'Stand-in Astronomy',
    description: 'Looked at the sky.',
    image: `${base}/ob/badge.png`,
    criteria: { narrative: 'Look up.' },
    issuer: `${base}/ob/issuer.json`,
  };
  const assertion = (name: string, over: Record<string, unknown> = {}) => ({
    '@context': OB,
    type: 'Assertion',
    id: `${base}/ob/a/${name}.json`,
    recipient: {
      type: 'email',
      hashed: true,
      salt: 'pepper',
      // sha256("learner@example.testpepper")
      identity: 'sha256$2f4b1db64c2471b211cb8cab32b1763fdf84f3572dbe4d90888274aa50afb29a',
    },
    badge: `${base}/ob/badge.json`,
    issuedOn: '2025-01-01T00:00:00Z',
    verification: { type: 'HostedBadge' },
    ...over,
  });
  switch (path) {
    case '/ob/issuer.json':
      return send(200, JSON.stringify(issuer), json);
    case '/ob/badge.json':
      return send(200, JSON.stringify(badge), json);
    case '/ob/a/valid.json':
      return send(200, JSON.stringify(assertion('valid')), json);
    case '/ob/a/plain.json':
      return send(
        200,
        JSON.stringify(
          assertion('plain', { recipient: { type: 'email', hashed: false, identity: 'learner@example.test' } }),
        ),
        json,
      );
    case '/ob/a/expired.json':
      return send(200, JSON.stringify(assertion('expired', { expires: '2025-06-01T00:00:00Z' })), json);
    case '/ob/a/revoked.json':
      return send(410, JSON.stringify({ '@context': OB, id: `${base}/ob/a/revoked.json`, revoked: true }), json);
    case '/ob/a/foreign-issuer.json':
      // The embedded profile claims an issuer on another origin; a verifier reads that issuer at its
      // id (HV-20). A private address: refused at once, so the answer does not depend on DNS.
      return send(
        200,
        JSON.stringify(
          assertion('foreign-issuer', {
            badge: { ...badge, issuer: { ...issuer, id: 'https://10.0.0.1/issuer' } },
          }),
        ),
        json,
      );
    case '/ob/a/moved.json':
      return send(200, JSON.stringify(assertion('somewhere-else')), json);
    case '/ob/badge.png':
      return send(200, Buffer.from(BADGE_PNG), { 'content-type': 'image/png' });
    case '/ob/a/html.json':
      return send(200, '<html><body>Log in</body></html>', { 'content-type': 'text/html' });
    default:
      return send(404, 'not found');
  }
}

/**
 * A real HTTP server on 127.0.0.1 standing in for other issuers' servers and for the DoH resolver
 * (the outbound guard's tests): redirects, loops, oversized and compressed bodies, slow headers.
 */
export default async function setup(project: TestProject) {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: string | Buffer, headers: Record<string, string> = {}) => {
      res.writeHead(status, headers);
      res.end(body);
    };
    if (serveFixture(url.pathname, send)) return;
    if (documentStore(req, url.pathname, send)) return;
    const base = `http://${req.headers.host ?? ''}`;
    if (/^\/ob\/(signed|jws)\//.test(url.pathname)) return void signedStandIn(url.pathname, base, send);
    if (url.pathname.startsWith('/ob/spoof/')) return void spoofStandIn(url.pathname, base, send);
    if (/^\/ob\/(rotating|revoking)\//.test(url.pathname)) return void changingStandIn(url.pathname, base, send);
    if (credentialIds(url.pathname, send)) return;
    if (originStandIn(url.pathname, base, send)) return;
    if (hostileLinks(url.pathname, base, send)) return;
    if (url.pathname.startsWith('/ob/')) return standInIssuer(url.pathname, `http://${req.headers.host ?? ''}`, send);
    switch (url.pathname) {
      case '/ok.json':
        return send(200, JSON.stringify({ ok: true }), { 'content-type': 'application/json' });
      case '/redirect':
        return send(302, '', { location: url.searchParams.get('to') ?? '/ok.json' });
      case '/big':
        return send(200, Buffer.alloc(2 * 1024 * 1024, 'a'), { 'content-type': 'application/json' });
      case '/big-chunked': {
        // Claims nothing about its length, then streams 3 MB.
        res.writeHead(200, { 'content-type': 'application/json' });
        for (let i = 0; i < 48; i++) res.write(Buffer.alloc(64 * 1024, 'b'));
        return res.end();
      }
      case '/gzip-bomb':
        return send(200, gzipSync(Buffer.alloc(20 * 1024 * 1024, 0)), {
          'content-type': 'application/json',
          'content-encoding': 'gzip',
        });
      case '/ob3/status-500':
        // Issue 21: a status list whose server fails (the OB 3.0 verifier must say "could not verify").
        return send(500, 'internal error', { 'content-type': 'text/plain' });
      case '/slow-headers':
        return void setTimeout(() => send(200, '{}', { 'content-type': 'application/json' }), 7000);
      case '/dns-query': {
        const name = url.searchParams.get('name') ?? '';
        const type = url.searchParams.get('type') === 'AAAA' ? 'AAAA' : 'A';
        const data = ZONE[name]?.[type] ?? [];
        const Answer = data.map((d) => ({ name, type: type === 'A' ? 1 : 28, TTL: 60, data: d }));
        return send(200, JSON.stringify({ Status: data.length || ZONE[name] ? 0 : 3, Answer }), {
          'content-type': 'application/dns-json',
        });
      }
      default: {
        const loop = /^\/loop\/(\d+)$/.exec(url.pathname);
        if (loop) return send(302, '', { location: `/loop/${Number(loop[1]) + 1}` });
        return send(404, 'not found');
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  project.provide('issuerPort', (server.address() as AddressInfo).port);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
