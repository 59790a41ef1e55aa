import type { OutputUnit } from '@cfworker/json-schema';

/** Keywords that only say "something below failed": the failure below is reported instead. */
const WRAPPERS = new Set(['properties', '$ref', '$recursiveRef', 'items', 'allOf', 'patternProperties']);

/** At most this many lines: a document broken everywhere need not fill a report. */
const MAX = 25;

/**
 * Readable lines for schema errors, each "where: what" (`/issuer/type: Instance type "string" is
 * invalid. Expected "array".`), without the wrapper errors and without repeats.
 */
export function violationLines(errors: readonly OutputUnit[]): string[] {
  const lines = [
    ...new Set(
      errors
        .filter((e) => !WRAPPERS.has(e.keyword))
        .map((e) => `${e.instanceLocation.replace(/^#/, '') || '/'}: ${e.error}`),
    ),
  ];
  return lines.length > MAX ? [...lines.slice(0, MAX), `${lines.length - MAX} more`] : lines;
}
