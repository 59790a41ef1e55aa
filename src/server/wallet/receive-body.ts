import { z } from '@hono/zod-openapi';

/** The receive-by-link body, shared by the JSON call and the /receive/{token} form post (issue 25). */
export const receiveLinkBody = z.object({ token: z.string().min(20).max(100) });
