import type { SqlCondition } from '../db/batch';
import type {
  AcadDocPdf,
  AwardChunk,
  BcProofs,
  DeleteObjects,
  ExportStep,
  Mail,
  PasswordLink,
  PurgeAccount,
} from './payloads';

/** Every kind of side effect the outbox carries; the consumer's handler table is checked against it. */
export interface JobPayloads {
  mail: Mail;
  award_chunk: AwardChunk;
  purge_account: PurgeAccount;
  delete_objects: DeleteObjects;
  password_link: PasswordLink;
  acad_pdf: AcadDocPdf;
  bc_proofs: BcProofs;
  export_step: ExportStep;
}

export type JobKind = keyof JobPayloads;
export type Job = { [K in JobKind]: { kind: K; payload: JobPayloads[K] } }[JobKind];

/**
 * A job for commitWithJobs. A caller that names the row's id makes the job idempotent: writing the
 * same id again (a retried award chunk) is skipped instead of queuing the side effect twice. A job
 * with `onlyIf` is written only when that condition holds at its place in the batch (CON-10: the
 * mail of a code exists only if the code was issued under the hourly cap).
 */
export type OutboxJob = Job & { id?: string; onlyIf?: SqlCondition };

/** The body of a queue message: only the outbox id; the row holds the payload. */
export interface JobMessage {
  outboxId: string;
}
