import type { Mail } from './types';

/**
 * Sends one mail through an HTTP mail API in the shape Resend uses (POST JSON with a bearer key).
 * The outbox id is the Idempotency-Key, so a repeated queue delivery is sent once by the provider
 * too (security guide NOTIF-02). Any answer other than 2xx is a failure the outbox retries.
 */
export async function deliverByHttp(env: Env, id: string, mail: Mail): Promise<void> {
  if (!env.MAIL_HTTP_URL || !env.MAIL_HTTP_TOKEN) throw new Error('MAIL_HTTP_URL and MAIL_HTTP_TOKEN are required');
  const res = await fetch(env.MAIL_HTTP_URL, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${env.MAIL_HTTP_TOKEN}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': id,
    },
    body: JSON.stringify({
      from: env.MAIL_FROM,
      to: [mail.to],
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ...(mail.headers ? { headers: mail.headers } : {}),
    }),
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  });
  if (res.status < 200 || res.status >= 300) {
    const detail = (await res.text().catch(() => '')).slice(0, 200);
    throw new Error(`mail API answered ${res.status}: ${detail}`);
  }
  await res.body?.cancel();
}
