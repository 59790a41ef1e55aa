/** Types of invariants.mjs for the TypeScript tests. */
export type Row = Record<string, unknown>;
export type Batch = (statements: string[]) => Promise<Row[][]>;
export interface Ledger {
  awards: { key: string; badgeClassId: string; ids: { id: string; email: string }[] }[];
  keysByRecipient: Map<string, Set<string>>;
  received: string[];
  merges: { into: string; from: string }[];
  deleted: string[];
}
export function newLedger(): Ledger;
export function lostWrites(batch: Batch, ledger: Ledger): Promise<string[]>;
export function duplicates(batch: Batch, ledger: Ledger, issuerId: string): Promise<string[]>;
export function counters(batch: Batch): Promise<string[]>;
export function outboxDrained(
  batch: Batch,
  sweep: () => Promise<number>,
  ms?: number,
  pauseMs?: number,
): Promise<string[]>;
export function checkAll(
  over: { batch: Batch; sweep: () => Promise<number>; drainMs?: number; pauseMs?: number },
  ledger: Ledger,
  issuerId: string,
): Promise<Record<'outbox_not_empty' | 'lost_writes' | 'duplicates' | 'counters', string[]>>;
