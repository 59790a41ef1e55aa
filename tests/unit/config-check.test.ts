import { describe, expect, it } from 'vitest';
import { configProblems } from '../../src/server/system/config-check';
import { localVars } from '../../scripts/lib/local-vars.mjs';

/** wrangler.toml's [vars] as committed: production, with the operator's values still to fill in. */
const committed = { PUBLIC_BASE_URL: '', ENVIRONMENT: 'production', MAIL_TRANSPORT: 'smtp', MAIL_FROM: '' };

const production = {
  PUBLIC_BASE_URL: 'https://wallet.example.org',
  ENVIRONMENT: 'production',
  MAIL_TRANSPORT: 'smtp',
  MAIL_FROM: 'Lanyard <badges@example.org>',
  SMTP_HOST: 'smtp.example.org',
  KEY_ENCRYPTION_KEY: 'a2V5',
};

describe('deployment settings', () => {
  it('the local values need nothing more', () => expect(configProblems(localVars(8787))).toEqual([]));

  it('a complete production configuration passes', () => expect(configProblems(production)).toEqual([]));

  it('the committed production defaults name everything the operator must set', () => {
    const problems = configProblems(committed).join('\n');
    for (const name of ['PUBLIC_BASE_URL', 'SMTP_HOST', 'MAIL_FROM', 'KEY_ENCRYPTION_KEY'])
      expect(problems).toContain(name);
  });

  it('a missing or unknown ENVIRONMENT is refused, not taken for development', () => {
    expect(configProblems({ ...localVars(8787), ENVIRONMENT: undefined as unknown as string })).toHaveLength(1);
    expect(configProblems({ ...production, ENVIRONMENT: 'prod' })[0]).toContain('ENVIRONMENT');
  });

  it.each([
    ['http://wallet.example.org', 'https'],
    ['wallet.example.org', 'http(s) URL'],
    ['ftp://wallet.example.org', 'http(s) URL'],
    ['https://wallet.example.org/ns/', 'origin only'],
  ])('PUBLIC_BASE_URL %s is refused in production', (url, why) =>
    expect(configProblems({ ...production, PUBLIC_BASE_URL: url })).toEqual([expect.stringContaining(why)]),
  );

  it('production refuses the dev mailbox and a transport without its settings', () => {
    expect(configProblems({ ...production, MAIL_TRANSPORT: 'devbox' })).toEqual([expect.stringContaining('devbox')]);
    expect(configProblems({ ...production, MAIL_TRANSPORT: 'http' })).toEqual([
      expect.stringContaining('MAIL_HTTP_URL'),
    ]);
    expect(
      configProblems({
        ...production,
        MAIL_TRANSPORT: 'http',
        MAIL_HTTP_URL: 'https://mail.example',
        MAIL_HTTP_TOKEN: 't',
      }),
    ).toEqual([]);
  });
});
