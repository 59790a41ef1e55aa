import { LAZY_CHUNK_TIMEOUT_MS } from '../../lib/constants';

/**
 * Loads a lazily split module, giving up after the spec's 120-second screen-chunk timeout (§9) so a
 * stalled network ends in a clear error instead of a spinner forever.
 */
export function importWithTimeout<T>(load: () => Promise<T>, timeoutMs = LAZY_CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError(timeoutMs)), timeoutMs);
    load().then(
      (mod) => {
        clearTimeout(timer);
        resolve(mod);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

export class ChunkTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`chunk load timed out after ${timeoutMs} ms`);
    this.name = 'ChunkTimeoutError';
  }
}
