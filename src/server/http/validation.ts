import type { Hook } from '@hono/zod-openapi';
import type { z } from 'zod';
import { AppError, type FieldError } from '../errors';
import type { AppEnv } from '../context';

/** Maps a zod issue to a catalogue key, so field errors are translated like every other error. */
function issueKey(issue: z.core.$ZodIssue): Pick<FieldError, 'key' | 'params'> {
  switch (issue.code) {
    case 'invalid_type':
      return { key: issue.input === undefined ? 'validation.required' : 'validation.invalid' };
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return { key: 'validation.required' };
      return {
        key: issue.origin === 'string' ? 'validation.too_short' : 'validation.too_small',
        params: { min: Number(issue.minimum) },
      };
    case 'too_big':
      return {
        key: issue.origin === 'string' ? 'validation.too_long' : 'validation.too_big',
        params: { max: Number(issue.maximum) },
      };
    case 'invalid_format':
      return { key: issue.format === 'email' ? 'validation.email' : 'validation.invalid' };
    case 'custom':
      // A refinement names its own message (fields.ts: control characters).
      return { key: typeof issue.params?.['key'] === 'string' ? issue.params['key'] : 'validation.invalid' };
    default:
      return { key: 'validation.invalid' };
  }
}

/** Turns zod issues into field errors (the first issue per field is the one a person needs). */
export function fieldErrors(error: z.ZodError): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ field, ...issueKey(issue) });
  }
  return out;
}

/** The default hook of every route: a failed zod parse is a 400 E400100 with the field list. */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result) => {
  if (!result.success) throw new AppError('E400100', {}, fieldErrors(result.error));
};
