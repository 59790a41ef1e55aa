import type { AwardChunk } from '../issuing/award';
import type { Mail } from '../mail/types';
import type { PurgeAccount } from '../settings/deletion-service';

/** Every kind of side effect the outbox carries; the consumer's handler table is checked against it. */
export interface JobPayloads {
  mail: Mail;
  award_chunk: AwardChunk;
  purge_account: PurgeAccount;
}

export type JobKind = keyof JobPayloads;
export type Job = { [K in JobKind]: { kind: K; payload: JobPayloads[K] } }[JobKind];

/** The body of a queue message: only the outbox id; the row holds the payload. */
export interface JobMessage {
  outboxId: string;
}
