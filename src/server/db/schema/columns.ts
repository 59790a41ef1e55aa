import { integer, text } from 'drizzle-orm/sqlite-core';

/** Public ids are 128-bit random strings (security guide AZ-02), never sequential. */
export const publicId = () => text('id').primaryKey();

/** Every timestamp is Unix epoch milliseconds, so ordering and expiry are plain integer maths. */
export const millis = (name: string) => integer(name, { mode: 'number' });

/** SQLite has no boolean type; 0/1 integers read back as booleans through drizzle. */
export const flag = (name: string) => integer(name, { mode: 'boolean' }).notNull().default(false);

export const createdAt = () => millis('created_at').notNull();
export const updatedAt = () => millis('updated_at').notNull();
