import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { TestProject } from 'vitest/node';

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
