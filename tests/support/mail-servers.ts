import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';

export const SMTP_USER = 'lanyard';
export const SMTP_PASSWORD = 'loopback-smtp-secret';

/** One mail as a test reads it back, whichever transport carried it. */
export interface ReceivedMail {
  transport: 'smtp' | 'http';
  envelopeTo: string[];
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId?: string;
  headers: Record<string, string>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    smtpPort: number;
    mailHttpPort: number;
  }
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });

/**
 * Real servers on 127.0.0.1 for the mail transports: an SMTP server (smtp-server, no TLS on loopback)
 * and an HTTP server playing the mail API. The same HTTP server answers GET /received so tests inside
 * workerd can read what arrived. POST /emails with `fail-next` in the path answers 500 once.
 */
export default async function setup(project: TestProject) {
  const received: ReceivedMail[] = [];
  let failNext = false;

  const smtp = new SMTPServer({
    // Like a submission server: AUTH PLAIN required (allowed without TLS on loopback only).
    allowInsecureAuth: true,
    authMethods: ['PLAIN'],
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((m) => {
          received.push({
            transport: 'smtp',
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            to: m.to && !Array.isArray(m.to) ? m.to.text : '',
            from: m.from?.text ?? '',
            subject: m.subject ?? '',
            text: m.text ?? '',
            html: typeof m.html === 'string' ? m.html : '',
            ...(m.messageId ? { messageId: m.messageId } : {}),
            headers: Object.fromEntries([...m.headers].map(([k, v]) => [k, String(v)])),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));

  const http = createServer((req, res) => {
    void (async () => {
      if (req.method === 'GET' && req.url === '/received') {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(received));
        return;
      }
      if (req.method === 'POST' && req.url === '/fail-next') {
        failNext = true;
        res.writeHead(204).end();
        return;
      }
      if (req.method === 'POST' && req.url === '/emails') {
        const body = JSON.parse(await readBody(req)) as {
          from: string;
          to: string[];
          subject: string;
          text: string;
          html: string;
        };
        if (failNext) {
          failNext = false;
          res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"message":"temporarily unavailable"}');
          return;
        }
        const key = String(req.headers['idempotency-key'] ?? '');
        // Like a real provider: a repeated Idempotency-Key is accepted but not sent again.
        if (!received.some((m) => m.transport === 'http' && m.messageId === key)) {
          received.push({
            transport: 'http',
            envelopeTo: body.to,
            to: body.to.join(', '),
            from: body.from,
            subject: body.subject,
            text: body.text,
            html: body.html,
            messageId: key,
            headers: { authorization: String(req.headers.authorization ?? '') },
          });
        }
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id: key }));
        return;
      }
      res.writeHead(404).end();
    })();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));

  project.provide('smtpPort', (smtp.server.address() as AddressInfo).port);
  project.provide('mailHttpPort', (http.address() as AddressInfo).port);
  return async () => {
    await new Promise((r) => smtp.close(() => r(undefined)));
    await new Promise((r) => http.close(() => r(undefined)));
  };
}
