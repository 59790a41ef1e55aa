import { z } from '@hono/zod-openapi';

/** The body every wallet answer carries (spec §7: status is read from the body). */
export const envelope = z.object({ status: z.number() });

/** A required JSON request body for a route definition. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true,
});

/** A 200 answer with a JSON schema, the envelope by default. */
export const okReply = (description: string, schema: z.ZodType = envelope) => ({
  200: { description, content: { 'application/json': { schema } } },
});
