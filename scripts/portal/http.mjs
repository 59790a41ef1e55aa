// Small request/response helpers shared by the portal, its back-channel capture and the rogue provider.
import { URLSearchParams } from 'node:url';

const LIMIT = 64 * 1024;

/** The request body as URLSearchParams (or the raw text with 'raw'); over 64 KiB is refused. */
export async function readForm(req, as = 'form') {
  let size = 0;
  const chunks = [];
  for await (const chunk of req) {
    size += chunk.length;
    if (size > LIMIT) throw Object.assign(new Error('body too large'), { status: 413 });
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return as === 'raw' ? text : new URLSearchParams(text);
}

/** A JSON answer on a Koa context. */
export function sendJson(ctx, status, body) {
  ctx.status = status;
  ctx.type = 'json';
  ctx.body = JSON.stringify(body);
  return undefined;
}

/** A JSON answer on a plain Node response. */
export function writeJson(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

/** Listens on 127.0.0.1:`port` (0: a free one); `stop()` drops open sockets too, so tests end promptly. */
export async function listenLocal(server, port = 0) {
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${server.address().port}`;
  const stop = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(() => resolve()));
  };
  return { url, port: server.address().port, stop };
}
