import type { Doc, DocSource } from '../../verdict/source';

/**
 * A document source that reads each address once (issue 38): a record's forty courses from three
 * schools name three DID documents and three status lists, not forty of each, so one verification's
 * fetch budget covers them. What could not be read is remembered too: within one verification,
 * asking again would only spend the budget.
 */
export function memoSource(src: DocSource): DocSource {
  const read = new Map<string, Promise<Doc>>();
  return {
    budget: src.budget,
    get(raw: unknown) {
      if (typeof raw !== 'string') return src.get(raw);
      let doc = read.get(raw);
      if (!doc) read.set(raw, (doc = src.get(raw)));
      return doc;
    },
  };
}
