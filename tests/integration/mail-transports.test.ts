import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, inject, it } from 'vitest';
import { accountMail } from '../../src/server/accounts/mails';
import { sendMail } from '../../src/server/mail/send';
import type { JobMessage } from '../../src/server/outbox/jobs';
import { outboxInsert } from '../../src/server/outbox/repo';
import { SMTP_PASSWORD, SMTP_USER, type ReceivedMail } from '../support/mail-servers';
import worker from './entry';
import { unique } from './helpers';
import { allTranslators } from '../support/translators';

const translatorFor = await allTranslators();

const smtpEnv = {
  ...env,
  MAIL_TRANSPORT: 'smtp',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(inject('smtpPort')),
  SMTP_SECURITY: 'none',
  SMTP_USER,
  SMTP_PASSWORD,
} as Env;
const httpBase = `http://127.0.0.1:${inject('mailHttpPort')}`;
const httpEnv = {
  ...env,
  MAIL_TRANSPORT: 'http',
  MAIL_HTTP_URL: `${httpBase}/emails`,
  MAIL_HTTP_TOKEN: 'test-key',
} as Env;

async function received(to: string): Promise<ReceivedMail[]> {
  const all = (await (await fetch(`${httpBase}/received`)).json()) as ReceivedMail[];
  return all.filter((m) => m.envelopeTo.includes(to));
}

async function queued(mail: ReturnType<typeof accountMail>) {
  const id = unique('ob');
  await outboxInsert(env.DB, { kind: 'mail', payload: mail }, Date.now(), id).run();
  return id;
}

async function deliver(e: Env, outboxId: string) {
  const batch = createMessageBatch<JobMessage>('lanyard-jobs', [
    { id: unique('m'), timestamp: new Date(), attempts: 1, body: { outboxId } },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, e);
  return getQueueResult(batch, ctx);
}

const outboxRow = (id: string) =>
  env.DB.prepare('SELECT status, attempts, last_error FROM outbox WHERE id = ?')
    .bind(id)
    .first<{ status: string; attempts: number; last_error: string | null }>();

describe('SMTP transport (worker-mailer to a real smtp-server on 127.0.0.1)', () => {
  it('delivers a Japanese activation mail with its plain-text and HTML parts', async () => {
    const to = `${unique('smtp')}@example.test`;
    const id = await queued(
      accountMail('activation', to, translatorFor('ja'), 'http://127.0.0.1:8787/ns/portal/openbadge/activation/abc', {
        hours: 24,
      }),
    );
    await deliver(smtpEnv, id);
    const [mail, ...more] = await received(to);
    expect(more).toHaveLength(0);
    expect(mail?.transport).toBe('smtp');
    expect(mail?.from).toContain('no-reply@lanyard.localhost');
    expect(mail?.subject).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(mail?.text).toContain('/activation/abc');
    expect(mail?.html).toContain('href="http://127.0.0.1:8787/ns/portal/openbadge/activation/abc"');
    expect(mail?.messageId).toBe(`<${id}@127.0.0.1>`);
    expect(await outboxRow(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('NOTIF-01: CR/LF in a subject cannot add a header; in an address it reaches no one else', async () => {
    const to = `${unique('inj')}@example.test`;
    const mail = accountMail('activation', to, translatorFor('en'), 'http://127.0.0.1:8787/x', { hours: 24 });
    // As if a stored payload carried a raw subject: the transport strips line breaks again.
    mail.subject = `Hello\r\nBcc: victim@example.test\r\n\r\n<b>x</b> ${'long '.repeat(80)}`;
    await deliver(smtpEnv, await queued(mail));
    const [got] = await received(to);
    expect(got?.subject).toMatch(/^Hello Bcc: victim@example.test <b>x<\/b> long/);
    expect(got?.headers.bcc).toBeUndefined();

    const injected = accountMail(
      'activation',
      `${unique('inj2')}@example.test\r\nBcc: victim@example.test`,
      translatorFor('en'),
      'http://x/y',
      {
        hours: 24,
      },
    );
    await deliver(smtpEnv, await queued(injected));
    expect(await received('victim@example.test')).toHaveLength(0);
  });

  it('NOTIF-02: the same queue message twice, and twice at once, sends one mail', async () => {
    const to = `${unique('dup')}@example.test`;
    const id = await queued(accountMail('reset', to, translatorFor('en'), 'http://127.0.0.1:8787/r', { minutes: 60 }));
    await Promise.all([deliver(smtpEnv, id), deliver(smtpEnv, id)]);
    await deliver(smtpEnv, id);
    expect(await received(to)).toHaveLength(1);
    expect(await outboxRow(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('wrong credentials are a failure the outbox keeps, not a silent loss', async () => {
    const to = `${unique('auth')}@example.test`;
    const id = await queued(accountMail('reset', to, translatorFor('en'), 'http://127.0.0.1:8787/r', { minutes: 60 }));
    await deliver({ ...smtpEnv, SMTP_PASSWORD: 'wrong' } as Env, id);
    expect(await received(to)).toHaveLength(0);
    expect(await outboxRow(id)).toMatchObject({ status: 'pending', attempts: 1 });
  });

  it('an unreachable server leaves the row pending with the error, for a retry', async () => {
    const to = `${unique('down')}@example.test`;
    const id = await queued(accountMail('reset', to, translatorFor('en'), 'http://127.0.0.1:8787/r', { minutes: 60 }));
    const result = await deliver({ ...smtpEnv, SMTP_PORT: '1' } as Env, id);
    expect(result.retryMessages).toHaveLength(1);
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.last_error).toBeTruthy();
  });
});

describe('HTTP mail API transport (a real HTTP server on 127.0.0.1)', () => {
  it('posts the mail with the bearer key and the outbox id as the Idempotency-Key', async () => {
    const to = `${unique('api')}@example.test`;
    const id = await queued(
      accountMail('activation', to, translatorFor('ko'), 'http://127.0.0.1:8787/a', { hours: 24 }),
    );
    await deliver(httpEnv, id);
    await deliver(httpEnv, id);
    const [mail, ...more] = await received(to);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ transport: 'http', messageId: id, headers: { authorization: 'Bearer test-key' } });
    expect(mail?.subject).toMatch(/[\uac00-\ud7af]/);
    expect(mail?.html).toContain('<html lang="ko"');
  });

  it('a 500 from the API is retried later, then sent once', async () => {
    const to = `${unique('retry')}@example.test`;
    const id = await queued(accountMail('reset', to, translatorFor('en'), 'http://127.0.0.1:8787/r', { minutes: 60 }));
    await fetch(`${httpBase}/fail-next`, { method: 'POST' });
    const first = await deliver(httpEnv, id);
    expect(first.retryMessages).toHaveLength(1);
    expect((await outboxRow(id))?.last_error).toContain('500');
    // The retry comes when the back-off has passed; the sweeper or the queue performs it then.
    await env.DB.prepare('UPDATE outbox SET available_at = 0 WHERE id = ?').bind(id).run();
    await deliver(httpEnv, id);
    expect(await received(to)).toHaveLength(1);
    expect(await outboxRow(id)).toMatchObject({ status: 'done', attempts: 2 });
  });
});

describe('transport selection', () => {
  it('refuses the dev mailbox and unencrypted SMTP in production', async () => {
    const mail = accountMail('reset', 'a@example.test', translatorFor('en'), 'http://x/r', { minutes: 60 });
    await expect(sendMail({ ...env, ENVIRONMENT: 'production' } as Env, 'x', mail, Date.now())).rejects.toThrow(
      /not a production transport/,
    );
    await expect(sendMail({ ...smtpEnv, ENVIRONMENT: 'production' } as Env, 'x', mail, Date.now())).rejects.toThrow(
      /refused in production/,
    );
  });
});
