import { sendPasswordLink } from '../accounts/password-reset';
import { awardChunk } from '../issuing/award';
import { buildAcadDocPdf } from '../certificates/pdf-job';
import { sendMail } from '../mail/send';
import type { JobKind, JobPayloads } from '../outbox/jobs';
import { deleteObjects } from '../storage/objects-repo';

type Handler<K extends JobKind> = (env: Env, outboxId: string, payload: JobPayloads[K], now: number) => Promise<void>;

/** What each outbox kind does. Every handler is idempotent: it may run twice for one row. */
export const JOB_HANDLERS: { [K in JobKind]: Handler<K> } = {
  mail: (env, id, payload, now) => sendMail(env, id, payload, now),
  award_chunk: (env, _id, payload, now) => awardChunk(env, payload, now),
  purge_account: (env, _id, payload) => deleteObjects(env.BUCKET, payload),
  delete_objects: (env, _id, payload) => deleteObjects(env.BUCKET, payload),
  password_link: (env, id, payload, now) => sendPasswordLink(env, id, payload, now),
  acad_pdf: (env, _id, payload, now) => buildAcadDocPdf(env, payload.docId, now),
};
