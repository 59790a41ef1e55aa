import { parseFrom, type Mail } from './types';

/** How the SMTP connection is secured: implicit TLS (465), STARTTLS (587), or none (loopback tests only). */
type Security = 'tls' | 'starttls' | 'none';

function security(env: Env): Security {
  const value = env.SMTP_SECURITY ?? 'starttls';
  if (value === 'none' && env.ENVIRONMENT === 'production')
    throw new Error('SMTP_SECURITY "none" is refused in production');
  if (value === 'tls' || value === 'starttls' || value === 'none') return value;
  throw new Error(`SMTP_SECURITY "${value}" is not one of tls, starttls, none`);
}

/**
 * Sends one mail over SMTP with worker-mailer (cloudflare:sockets). Workers cannot reach port 25,
 * so production uses a submission port (587 STARTTLS or 465 TLS) with credentials. The outbox id
 * travels as the Message-ID, so a provider or a reader can see a repeated delivery for what it is.
 */
export async function deliverBySmtp(env: Env, id: string, mail: Mail): Promise<void> {
  if (!env.SMTP_HOST) throw new Error('SMTP_HOST is not configured');
  // Loaded on first use: only deployments that send by SMTP need it (and cloudflare:sockets).
  const { LogLevel, WorkerMailer } = await import('worker-mailer');
  const mode = security(env);
  const host = new URL(env.PUBLIC_BASE_URL).hostname;
  await WorkerMailer.send(
    {
      host: env.SMTP_HOST,
      port: Number(env.SMTP_PORT ?? (mode === 'tls' ? 465 : 587)),
      secure: mode === 'tls',
      startTls: mode === 'starttls',
      ...(env.SMTP_USER && env.SMTP_PASSWORD
        ? { credentials: { username: env.SMTP_USER, password: env.SMTP_PASSWORD }, authType: 'plain' as const }
        : {}),
      // The outbox records every failure with its reason; the library's own console output is noise.
      logLevel: LogLevel.NONE,
      socketTimeoutMs: 15_000,
      responseTimeoutMs: 15_000,
    },
    {
      from: parseFrom(env.MAIL_FROM),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: { ...mail.headers, 'Message-ID': `<${id}@${host}>` },
    },
  );
}
