/** Where the owner reads a held learner record (issue 38), relative to the wallet's base path. */
export const heldRecordPath = (id: string) => `/acaddocs/records/${encodeURIComponent(id)}`;

/** Where the public reads a published one. */
export const publicHeldRecordPath = (id: string) => `/public/acaddocs/records/${encodeURIComponent(id)}`;
