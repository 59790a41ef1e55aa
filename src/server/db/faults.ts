/*
 * The development fault switch (issue 23, chaos run; security guide FLT-01/FLT-02). Armed through
 * the dev API (/api/dev/faults) in a running Worker, or directly by the workerd-pool tests, it makes
 * D1 batches fail the way D1 fails: before the batch applies, or after it applied while the caller
 * sees an error (a lost connection). It also fails a queue job after its side effect, before the
 * row is marked done. Its state is per isolate on purpose: a development Worker is one isolate,
 * and the switch is a test instrument, not a per-request value. It can never be armed in production.
 */

/** D1's own retryable messages (developers.cloudflare.com/d1/observability/debug-d1, retry-queries). */
export const D1_RETRYABLE_MESSAGES = {
  network: 'D1_ERROR: Network connection lost.',
  reset: 'D1_ERROR: D1 DB reset because its code was updated.',
  storage: 'D1_ERROR: Internal error while starting up D1 DB storage caused object to be reset.',
  overloaded: 'D1_ERROR: D1 DB is overloaded. Requests queued for too long.',
} as const;

export type FaultMessage = keyof typeof D1_RETRYABLE_MESSAGES;
/** `before`: nothing applied; `after`: the batch applied, the caller still sees the error; `job-ack`: a job's side effect happened, then it failed. */
export type FaultPoint = 'before' | 'after' | 'job-ack';

export interface FaultSpec {
  points: FaultPoint[];
  message: FaultMessage | 'random';
  /** Chance that one eligible batch or job fails (1 = every one). */
  probability: number;
  /** At most this many faults, then the switch disarms itself. */
  count: number;
  /** Only batches whose query-builder SQL (raw statements are not seen) contains this text, any case; for jobs, the kind. */
  match?: string | undefined;
}

export interface FaultCounts {
  before: number;
  after: number;
  'job-ack': number;
}

let armed: (FaultSpec & { left: number }) | null = null;
let injected: FaultCounts = { before: 0, after: 0, 'job-ack': 0 };

/** Thrown by the switch; looks like D1's own error to every layer above (that is the point). */
export class InjectedD1Error extends Error {}

/** Arms the switch. Refused in production whatever the caller: the switch must not exist there. */
export function armFaults(environment: string | undefined, spec: FaultSpec): void {
  if (environment === 'production') throw new Error('the fault switch is development only');
  armed = { ...spec, left: spec.count };
}

/** Disarms the switch and answers how many faults it injected (then zeroes them when `reset`). */
export function disarmFaults(reset = false): FaultCounts {
  armed = null;
  const counts = { ...injected };
  if (reset) injected = { before: 0, after: 0, 'job-ack': 0 };
  return counts;
}

/** What the switch has injected so far, and whether it is still armed. */
export const faultState = () => ({ armed: armed !== null, left: armed?.left ?? 0, injected: { ...injected } });

function draw(point: FaultPoint, sqlText: string): Error | null {
  if (!armed || armed.left <= 0 || !armed.points.includes(point)) return null;
  if (armed.match && !sqlText.toLowerCase().includes(armed.match.toLowerCase())) return null;
  if (Math.random() >= armed.probability) return null;
  const which = armed.message;
  armed.left -= 1;
  injected[point] += 1;
  if (armed.left <= 0) armed = null;
  const keys = Object.keys(D1_RETRYABLE_MESSAGES) as FaultMessage[];
  const key = which === 'random' ? (keys[Math.floor(Math.random() * keys.length)] ?? 'network') : which;
  return new InjectedD1Error(D1_RETRYABLE_MESSAGES[key]);
}

/** Runs one D1 batch through the switch: it may fail before it applies, or after. */
export async function throughFaults<T>(sqlText: () => string, run: () => Promise<T>): Promise<T> {
  if (!armed) return run();
  const text = armed.match ? sqlText() : '';
  const before = draw('before', text);
  if (before) throw before;
  const result = await run();
  const after = draw('after', text);
  if (after) throw after;
  return result;
}

/** A queue job's fault point between its side effect and its acknowledgement. */
export function jobAckFault(kind: string): void {
  const err = armed ? draw('job-ack', kind) : null;
  if (err) throw err;
}
