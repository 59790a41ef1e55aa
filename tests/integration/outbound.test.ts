import { describe, expect, inject, it } from 'vitest';
import { FetchBudget, guardedFetch, OutboundFailed, type OutboundPolicy } from '../../src/server/outbound/fetch';
import { OutboundRefused } from '../../src/server/outbound/url-policy';

const port = inject('issuerPort');
const local = `http://127.0.0.1:${port}`;
// The test issuer is reachable only through the explicit allow list, as in every test.
const policy: OutboundPolicy = {
  ownHost: 'wallet.lanyard.example',
  allow: new Set([`127.0.0.1:${port}`]),
  dohUrl: `${local}/dns-query`,
};
const get = (url: string, maxBytes = 1024 * 1024, budget = new FetchBudget()) =>
  guardedFetch(policy, url, { budget, maxBytes, accept: 'application/json' });
const failure = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (err) {
    if (err instanceof OutboundRefused || err instanceof OutboundFailed) return err.reason;
    throw err;
  }
};

describe('the guarded outbound fetch', () => {
  it('fetches an allowed URL and follows a redirect to another allowed URL', async () => {
    const r = await get(`${local}/redirect?to=/ok.json`);
    expect(r.status).toBe(200);
    expect(JSON.parse(new TextDecoder().decode(r.body))).toEqual({ ok: true });
  });

  it('SSRF-08 re-checks every redirect hop: metadata, other loopback ports, file:, own host', async () => {
    for (const to of [
      'http://169.254.169.254/latest/meta-data/',
      'http://127.0.0.1:8787/admin',
      'file:///etc/passwd',
      'https://wallet.lanyard.example/api/x',
    ]) {
      expect(await failure(get(`${local}/redirect?to=${encodeURIComponent(to)}`))).not.toBe('ok');
    }
  });

  it('SSRF-09 stops a redirect loop after five hops', async () => {
    expect(await failure(get(`${local}/loop/0`))).toBe('redirects');
  });

  it('SSRF-12 stops at the cap: declared length, chunked stream, and bytes after decompression', async () => {
    expect(await failure(get(`${local}/big`))).toBe('too-large');
    expect(await failure(get(`${local}/big-chunked`))).toBe('too-large');
    expect(await failure(get(`${local}/gzip-bomb`))).toBe('too-large');
  });

  it('SSRF-11 gives up when headers do not arrive in time', async () => {
    const started = Date.now();
    const r = guardedFetch(policy, `${local}/slow-headers`, {
      budget: new FetchBudget(),
      maxBytes: 1000,
      accept: 'application/json',
      headersTimeoutMs: 500,
    });
    expect(await failure(r)).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('SSRF-06 resolves names and refuses any private answer (A or AAAA), or none', async () => {
    expect(await failure(get('https://127.0.0.1.nip.io/a.json'))).toBe('private-address');
    expect(await failure(get('https://169.254.169.254.nip.io/a.json'))).toBe('private-address');
    expect(await failure(get('https://mixed.example/a.json'))).toBe('private-address');
    expect(await failure(get('https://private6.example/a.json'))).toBe('private-address');
    expect(await failure(get('https://nxdomain.example/a.json'))).toBe('dns');
  });

  it('SSRF-15 spends at most the budget of fetches (each redirect hop counts)', async () => {
    const budget = new FetchBudget(2);
    expect(await failure(get(`${local}/loop/0`, 1000, budget))).toBe('budget');
    expect(budget.left).toBe(0);
  });
});
