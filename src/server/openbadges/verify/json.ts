/** A JSON object as read, before any rule holds for it. */
export type Obj = Record<string, unknown>;

/** A string property, or null for anything else. */
export const str = (v: unknown) => (typeof v === 'string' ? v : null);
