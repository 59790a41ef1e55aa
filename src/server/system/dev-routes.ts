import { z } from '@hono/zod-openapi';
import { apiRouter } from '../middleware/router';
import { jsonBody, okReply } from '../http/openapi';
import { ok } from '../http/envelope';
import { pendingOutbox, runDevSql } from './service';
import { renderSample } from '../certificates/pdf-sample';
import { recentBatches, runAnchoring } from '../anchoring/run';
import { maintenancePreview } from '../maintenance/preview';
import { armFaults, D1_RETRYABLE_MESSAGES, disarmFaults, faultState } from '../db/faults';
import { CRON_NIGHTLY, CRON_SWEEP, scheduled } from '../jobs/scheduled';
import { requireDevToken } from '../middleware/dev-token';

// The demo world's seed is the largest batch sent here.
const { router, route } = apiRouter({ access: 'devToken', guard: requireDevToken(), maxBody: 4 * 1024 * 1024 });

const statement = z.object({
  sql: z
    .string()
    .min(1)
    .max(1024 * 1024),
  params: z
    .array(z.union([z.string(), z.number(), z.null()]))
    .max(100)
    .default([]),
});

const sql = route({
  method: 'post',
  path: '/sql',
  tags: ['Development'],
  summary: 'Development only: run statements as one batch; answers each statement’s rows',
  request: { body: jsonBody(z.object({ statements: z.array(statement).min(1).max(1000) })) },
  responses: okReply('Rows of each statement'),
});

const acadPdf = route({
  method: 'post',
  path: '/acad-pdf',
  tags: ['Development'],
  summary:
    'Development only: render a sample certificate PDF (ja/th/bn text) or transcript without storing it; its time in the Worker and its size',
  request: {
    body: jsonBody(
      z.object({ kind: z.enum(['diploma', 'transcript']), rows: z.number().int().min(0).max(300).default(200) }),
    ),
  },
  responses: okReply('Render time (ms) and size (bytes)'),
});

const anchor = route({
  method: 'post',
  path: '/anchor',
  tags: ['Development'],
  summary:
    'Development only: run the nightly Blockcerts batch now (issue 19); its outcome and the latest batches with their last error',
  request: {
    body: jsonBody(
      z.object({
        wait_ms: z.number().int().min(0).max(120_000).default(30_000),
        // false: as the five-minute sweep (build waiting credentials, resume a batch, open none).
        open: z.boolean().default(true),
      }),
    ),
  },
  responses: okReply('Outcome of the run and the 10 latest batches'),
});

const maintenance = route({
  method: 'get',
  path: '/maintenance-page',
  tags: ['Development'],
  summary:
    'Development only: the page a form post gets during maintenance, for a window of two hours from now (the running Worker’s MAINTENANCE_WINDOW is left alone); language by ?language=',
  responses: {
    503: { description: 'The maintenance page, as during a window', content: { 'text/html': { schema: z.string() } } },
  },
});

const faults = route({
  method: 'post',
  path: '/faults',
  tags: ['Development'],
  summary:
    'Development only (issue 23, chaos run): arm the D1 fault switch (batches fail before or after they apply, jobs fail after their side effect, with D1’s retryable messages), disarm it, or read what it injected',
  request: {
    body: jsonBody(
      z.object({
        action: z.enum(['arm', 'disarm', 'state']),
        points: z
          .array(z.enum(['before', 'after', 'job-ack']))
          .min(1)
          .default(['before', 'after']),
        message: z
          .enum([...(Object.keys(D1_RETRYABLE_MESSAGES) as [keyof typeof D1_RETRYABLE_MESSAGES]), 'random'])
          .default('random'),
        probability: z.number().min(0).max(1).default(1),
        count: z.number().int().min(1).max(1_000_000).default(1),
        match: z.string().min(1).max(200).optional(),
        // disarm: also zero the injected counts.
        reset: z.boolean().default(false),
      }),
    ),
  },
  responses: okReply('Whether the switch is armed, faults left, faults injected per point'),
});

const cron = route({
  method: 'post',
  path: '/scheduled',
  tags: ['Development'],
  summary:
    'Development only: run the Worker’s scheduled handler now for one of its crons (the outbox sweeper every five minutes, or the nightly batch); answers the outbox rows still pending',
  request: { body: jsonBody(z.object({ cron: z.enum([CRON_SWEEP, CRON_NIGHTLY]).default(CRON_SWEEP) })) },
  responses: okReply('Pending outbox rows after the run'),
});

/** The development endpoints (mounted under /api/dev): SQL, the PDF benchmark's render (issue 18), the Blockcerts batch (issue 19). */
export const devRoutes = router
  .openapi(sql, async (c) => ok(c, { results: await runDevSql(c.env.DB, c.req.valid('json').statements) }))
  .openapi(acadPdf, async (c) => {
    const { kind, rows } = c.req.valid('json');
    return ok(c, await renderSample(c.env, kind, rows));
  })
  .openapi(anchor, async (c) => {
    const { wait_ms, open } = c.req.valid('json');
    const outcome = await runAnchoring(c.env, Date.now(), { open, waitMs: wait_ms });
    return ok(c, { outcome, batches: await recentBatches(c.env.DB) });
  })
  .openapi(maintenance, (c) => maintenancePreview(c))
  .openapi(faults, (c) => {
    const { action, reset, ...spec } = c.req.valid('json');
    if (action === 'arm') armFaults(c.env.ENVIRONMENT, spec);
    if (action === 'disarm') disarmFaults(reset);
    return ok(c, faultState());
  })
  .openapi(cron, async (c) => {
    const { cron: which } = c.req.valid('json');
    const now = Date.now();
    await scheduled({ cron: which, scheduledTime: now, noRetry: () => undefined }, c.env);
    return ok(c, { pending: await pendingOutbox(c.env.DB) });
  });
