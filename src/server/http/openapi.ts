import { z } from '@hono/zod-openapi';

/** The body every wallet answer carries (spec §7: status is read from the body). */
export const envelope = z.object({ status: z.number() });

/**
 * The envelope, typed as a handler's whole answer (`T` plus `status`). For answers not yet described
 * in zod: the typed client reads `T`, `openapi()` checks the handler's `ok(c, ...)` against it, and
 * the OpenAPI document shows the envelope, as it did before.
 */
export const envelopeOf = <T extends object>() => envelope as unknown as z.ZodType<{ status: number } & T>;

/** A required JSON request body for a route definition. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true,
});

const reply = <S extends z.ZodType>(description: string, schema: S) => ({
  200: { description, content: { 'application/json': { schema } } },
});

/**
 * A 200 answer with a JSON schema, the envelope by default. The schema's own type is kept: it is
 * what the islands' typed client (hono/client) reads as the answer's body.
 */
export function okReply(description: string): ReturnType<typeof reply<typeof envelope>>;
export function okReply<S extends z.ZodType>(description: string, schema: S): ReturnType<typeof reply<S>>;
export function okReply(description: string, schema: z.ZodType = envelope) {
  return reply(description, schema);
}
