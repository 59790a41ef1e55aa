// The back-channel capture for vitest: the provider's logout POSTs would go to the wallet's address,
// where nothing listens under the workerd pool, so they land here instead, and a test fetches the
// real provider-signed logout token and forwards it to the Worker itself.
import { createServer } from 'node:http';
import { URLSearchParams } from 'node:url';
import { listenLocal, readForm } from './http.mjs';

/** The `sid` claim of a logout token, read without verifying (the Worker verifies; this only files it). */
function sidOf(token) {
  try {
    return JSON.parse(Buffer.from(String(token).split('.')[1], 'base64url').toString('utf8')).sid;
  } catch {
    return undefined;
  }
}

/**
 * `POST /backchannel` stores the form body by sid; `GET /last?sid=S` answers that body
 * (`logout_token=…`, form encoded, served as text/plain) or 404; without sid, the latest one.
 */
export async function startCapture() {
  const bySid = new Map();
  let last;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://capture');
    if (req.method === 'POST' && url.pathname === '/backchannel') {
      const body = (await readForm(req, 'raw').catch(() => '')) || '';
      const sid = sidOf(new URLSearchParams(body).get('logout_token'));
      if (sid) bySid.set(sid, body);
      last = body;
      res.writeHead(200).end();
      return;
    }
    if (req.method === 'GET' && url.pathname === '/last') {
      const sid = url.searchParams.get('sid');
      const body = sid ? bySid.get(sid) : last;
      if (!body) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('no logout token captured');
      // The form body as text (workerd warns when a test reads a form-typed body with .text()).
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end(body);
      return;
    }
    res.writeHead(404).end();
  });
  return listenLocal(server);
}
