/** R2 accepts at most this many keys in one delete call. */
const DELETE_LIMIT = 1000;

/**
 * Deletes stored objects by key and every object under each prefix. Deleting a key that is already
 * gone is no error, so the outbox jobs that call this may run twice (architecture rule 5).
 */
export async function deleteObjects(bucket: R2Bucket, p: { keys: string[]; prefixes?: string[] }) {
  for (const prefix of p.prefixes ?? []) {
    let cursor: string | undefined;
    do {
      const page = await bucket.list({ prefix, ...(cursor ? { cursor } : {}) });
      if (page.objects.length) await bucket.delete(page.objects.map((o) => o.key));
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
  }
  for (let i = 0; i < p.keys.length; i += DELETE_LIMIT) await bucket.delete(p.keys.slice(i, i + DELETE_LIMIT));
}
