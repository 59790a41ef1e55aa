import type { ClientResponse } from 'hono/client';

const PDF_PATH = '/api/v1.0/openbadge/v2/AdAssertion/Download/pdf';

/**
 * The certificate's PDF download call (spec §7 AdAssertion/Download/pdf), shaped like a route of the
 * typed client so `downloadFile` handles its failures (spec §8). A plain fetch: the route is built
 * by the PDF half of issue 18, outside this island's typed client until it is mounted.
 */
export const pdfRoute = {
  $post: async ({ json }: { json: { assertion_id: string } }) =>
    (await fetch(PDF_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/pdf, application/json' },
      body: JSON.stringify(json),
    })) as unknown as ClientResponse<unknown>,
};
