import { sendPasswordLink } from '../accounts/password-reset';
import { awardChunk } from '../issuing/award';
import { buildAcadDocPdf } from '../certificates/pdf-job';
import { proofChunkJob } from '../anchoring/proofs';
import { sendMail } from '../mail/send';
import { runExportStep } from '../export/build';
import type { JobKind, JobPayloads } from '../outbox/jobs';
import { deleteObjects } from '../storage/objects-repo';

/** `attempt.final`: the outbox gives the row up if this attempt fails too (a handler may record that). */
type Handler<K extends JobKind> = (
  env: Env,
  outboxId: string,
  payload: JobPayloads[K],
  now: number,
  attempt?: { final: boolean },
) => Promise<void>;

/** What each outbox kind does. Every handler is idempotent: it may run twice for one row. */
export const JOB_HANDLERS: { [K in JobKind]: Handler<K> } = {
  mail: (env, id, payload, now) => sendMail(env, id, payload, now),
  award_chunk: (env, _id, payload, now) => awardChunk(env, payload, now),
  purge_account: (env, _id, payload) => deleteObjects(env.BUCKET, payload),
  delete_objects: (env, _id, payload) => deleteObjects(env.BUCKET, payload),
  password_link: (env, id, payload, now) => sendPasswordLink(env, id, payload, now),
  acad_pdf: (env, _id, payload, now, attempt) => buildAcadDocPdf(env, payload.docId, now, attempt),
  bc_proofs: (env, _id, payload, now) => proofChunkJob(env, payload, now),
  export_step: (env, _id, payload, now, attempt) => runExportStep(env, payload, now, attempt),
};
