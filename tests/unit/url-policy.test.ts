import { describe, expect, it } from 'vitest';
import { checkUrl, OutboundRefused, type Refusal } from '../../src/server/outbound/url-policy';

const policy = { ownHost: 'wallet.lanyard.example', allow: new Set(['127.0.0.1:4100']) };
const reason = (raw: string): Refusal | 'ok' => {
  try {
    checkUrl(raw, policy);
    return 'ok';
  } catch (err) {
    if (err instanceof OutboundRefused) return err.reason;
    throw err;
  }
};

describe('outbound URL policy (security guide SSRF-01..05, 10, 14)', () => {
  it.each([
    'http://127.0.0.1/',
    'http://localhost/',
    'http://LOCALHOST./',
    'http://[::1]/',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://0/',
    'http://0.0.0.0/',
    'http://[::]/',
  ])('SSRF-01 refuses loopback and unspecified %s', (u) => expect(reason(u)).not.toBe('ok'));

  it.each([
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://%31%32%37.0.0.1/',
    'http://１２７.０.０.１/',
  ])('SSRF-02 refuses encoded loopback %s (the parsed host is checked)', (u) =>
    expect(reason(u)).toBe('private-address'),
  );

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://0xa9.0xfe.0xa9.0xfe/',
    'http://2852039166/',
    'http://0251.0376.0251.0376/',
    'http://[::ffff:169.254.169.254]/',
    'http://[fd00:ec2::254]/',
    'http://[fe80::1]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://100.64.0.1/',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://224.0.0.1/',
    'http://[ff02::1]/',
    'http://[2002:7f00:1::]/',
  ])('SSRF-03 refuses link-local, private, mapped and multicast %s', (u) => expect(reason(u)).toBe('private-address'));

  it.each(['http://metadata.google.internal/', 'https://printer.local/', 'https://a.localhost/', 'https://intranet/'])(
    'SSRF-03 refuses reserved names %s',
    (u) => expect(reason(u)).toBe('reserved-name'),
  );

  it.each([
    'gopher://127.0.0.1:6379/_x',
    'file:///etc/passwd',
    'ftp://example.com/',
    'data:text/plain,x',
    'ws://example.com/',
  ])('SSRF-04 allows only http(s): %s', (u) => expect(reason(u)).toBe('scheme'));

  it('SSRF-05 refuses other ports and credentials', () => {
    expect(reason('https://example.com:6379/')).toBe('port');
    expect(reason('https://example.com:0/')).toBe('port');
    expect(reason('https://user:pw@example.com/')).toBe('credentials');
    expect(reason('https://example.com:443/')).toBe('ok');
  });

  it('SSRF-10 refuses our own host; SSRF-14 refuses control characters and long URLs', () => {
    expect(reason('https://wallet.lanyard.example/api/admin')).toBe('own-host');
    expect(reason('https://ex.com/\r\nX-Injected:1')).toBe('malformed');
    expect(reason(`https://ex.com/${'a'.repeat(2100)}`)).toBe('too-long');
    expect(reason('https://ex.com/%0d%0aX-Injected:1')).toBe('ok'); // stays encoded in the path
  });

  it('lets public addresses through, names to DNS, and the test allow list only for its host:port', () => {
    expect(checkUrl('https://93.184.215.14/a', policy).needsDns).toBe(false);
    expect(checkUrl('https://[2606:4700::1111]/a', policy).needsDns).toBe(false);
    expect(checkUrl('https://badges.example.org/a.json', policy).needsDns).toBe(true);
    expect(checkUrl('http://127.0.0.1:4100/issuer', policy).needsDns).toBe(false);
    expect(reason('http://127.0.0.1:4101/issuer')).toBe('port');
  });
});

describe('the outbound policy of a deployment', () => {
  it('takes the test allow list outside production only, and never in production', async () => {
    const { outboundPolicy } = await import('../../src/server/outbound/policy');
    const dev = outboundPolicy({
      PUBLIC_BASE_URL: 'http://127.0.0.1:8787',
      ENVIRONMENT: 'development',
      OUTBOUND_TEST_ALLOW: '127.0.0.1:4100, 127.0.0.1:4101',
    });
    expect([...dev.allow]).toEqual(['127.0.0.1:4100', '127.0.0.1:4101']);
    expect(dev.dohUrl).toBe('https://cloudflare-dns.com/dns-query');
    const prod = outboundPolicy({
      PUBLIC_BASE_URL: 'https://wallet.example',
      ENVIRONMENT: 'production',
      OUTBOUND_TEST_ALLOW: '127.0.0.1:4100',
    });
    expect(prod.allow.size).toBe(0);
    expect(prod.ownHost).toBe('wallet.example');
  });

  it('stands loopback servers in for public names outside production only (browser tests, issue 38)', async () => {
    const { outboundPolicy } = await import('../../src/server/outbound/policy');
    const hosts = 'example.edu=127.0.0.1:8796, Example.com=127.0.0.1:8796, evil.example=10.0.0.1:80, bare.example';
    const dev = outboundPolicy({
      PUBLIC_BASE_URL: 'http://127.0.0.1:8787',
      ENVIRONMENT: 'development',
      OUTBOUND_TEST_HOSTS: hosts,
    });
    expect([...(dev.standIns ?? [])]).toEqual([
      ['example.edu', '127.0.0.1:8796'],
      ['example.com', '127.0.0.1:8796'],
    ]);
    const prod = outboundPolicy({
      PUBLIC_BASE_URL: 'https://wallet.example',
      ENVIRONMENT: 'production',
      OUTBOUND_TEST_HOSTS: hosts,
    });
    expect(prod.standIns?.size).toBe(0);
  });
});

describe('addresses at output (XSS-02)', () => {
  it('lets only http(s) into an href', async () => {
    const { safeUrl } = await import('../../src/lib/safe-url');
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<b>x</b>',
      'notaurl',
      '',
      null,
    ])
      expect(safeUrl(bad)).toBeNull();
    expect(safeUrl('https://college.example/criteria')).toBe('https://college.example/criteria');
    expect(safeUrl(' http://a.example ')).toBe('http://a.example/');
  });
});
