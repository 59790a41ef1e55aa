import { str, type Obj } from './json';

/**
 * Where a hosted assertion lives: its id, or for a 1.0/1.1 badge its `verify.url`. Detection reads
 * what is there; the fetchAssertion step judges it against this same address.
 */
export function hostedAddress(doc: Obj): string | null {
  const id = str(doc['id']);
  if (id && /^https?:/i.test(id)) return id;
  return str((doc['verify'] as Obj | null | undefined)?.['url']);
}
