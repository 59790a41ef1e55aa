type Obj = Record<string, unknown>;

/**
 * The revocation list's entry for this assertion, if any. Entries are ids or objects with an id and
 * a reason; JSON-LD compaction turns a list of one into that one entry, so both shapes are read.
 */
export function revocationEntry(list: Obj, id: string | null): Obj | null {
  const v = list['revokedAssertions'];
  const entries: unknown[] = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
  for (const e of entries) {
    if (typeof e === 'string' && e === id) return {};
    if (e && typeof e === 'object' && typeof (e as Obj)['id'] === 'string' && (e as Obj)['id'] === id) return e as Obj;
  }
  return null;
}
