import type { Language } from '../../i18n/languages';

/*
 * The payload of every job the outbox carries. They live here, below the domains, so that the
 * outbox, the consumer and the domains that write jobs all import downward and never in a circle.
 * Rows already in the outbox are parsed back into these shapes: change them only compatibly.
 */

/** A rendered mail, ready for any transport. Header values never contain CR/LF (NOTIF-01). */
export interface Mail {
  to: string;
  subject: string;
  /**
   * Extra headers (List-Unsubscribe for info mail, RFC 8058), added when the mail is sent; and
   * whether it is an information mail (the reception setting "info mail" governs it).
   */
  headers?: Record<string, string>;
  kind?: 'info';
  text: string;
  html: string;
}

/** What an issuer awards, the same for every recipient of one award call. */
export interface AwardSpec {
  badgeClassId: string;
  narrative?: string | undefined;
  evidence?: { id?: string | undefined; narrative?: string | undefined }[] | undefined;
  issuedOn: number;
  expiresAt: number | null;
  verification: 'hosted' | 'signed';
  blockchain: boolean;
  language: Language;
}

/** One planned award: the id is chosen up front, so a retried chunk never creates a second badge. */
export interface PlannedAward {
  assertionId: string;
  email: string;
  /** Reissue: the assertion this one replaces, deleted in the same batch. */
  reissuedFrom?: string;
}

/** A slice of a large award, performed by the queue. */
export interface AwardChunk {
  issuerId: string;
  spec: AwardSpec;
  planned: PlannedAward[];
}

/**
 * A forgotten-password request (RST-01). The request only queues this, the same for every address;
 * the job finds the account, if any, and mails the link.
 */
export interface PasswordLink {
  email: string;
}

/** The R2 objects of a deleted account, removed by an idempotent outbox job (deleting twice is fine). */
export interface PurgeAccount {
  prefixes: string[];
  keys: string[];
}

/** Stored objects nothing points to any more (a replaced picture, a removed import's image). */
export interface DeleteObjects {
  keys: string[];
}

/** An academic document whose PDF is to be printed and stored (issue 18); idempotent per version. */
export interface AcadDocPdf {
  docId: string;
}

/** Proofs of leaves [from, to) of a confirmed Blockcerts batch (issue 19); rewriting them is a no-op. */
export interface BcProofs {
  batchId: string;
  from: number;
  to: number;
}

/** One step of a whole-wallet export (issue 22): the row's step must equal `step` or the job does nothing. */
export interface ExportStep {
  exportId: string;
  step: number;
}
