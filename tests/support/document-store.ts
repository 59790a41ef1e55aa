import type { IncomingMessage } from 'node:http';

type Send = (status: number, body: string | Buffer, headers?: Record<string, string>) => void;

/** Stored documents by path, kept for the test run (bounded so a runaway test cannot fill memory). */
const DOCS = new Map<string, { body: Buffer; type: string }>();
const MAX_DOCS = 20_000;

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts)));
    req.on('error', reject);
  });
}

/**
 * An issuer whose documents the tests write themselves: `PUT /store/<path>` keeps the body (with
 * its content type), `GET /store/<path>` answers it as an issuer would, 404 when none was put. The
 * data-model and fuzz tests serve mutated copies of a valid badge this way, each under its own
 * path, so no verification cache hides one mutant behind another. False for any other path.
 */
export function documentStore(req: IncomingMessage, pathname: string, send: Send): boolean {
  if (!pathname.startsWith('/store/')) return false;
  if (req.method === 'PUT') {
    void readBody(req).then((body) => {
      if (DOCS.size >= MAX_DOCS) DOCS.delete(DOCS.keys().next().value as string);
      DOCS.set(pathname, { body, type: req.headers['content-type'] ?? 'application/ld+json' });
      send(204, '');
    });
    return true;
  }
  const doc = DOCS.get(pathname);
  if (doc) send(200, doc.body, { 'content-type': doc.type });
  else send(404, 'not found');
  return true;
}
