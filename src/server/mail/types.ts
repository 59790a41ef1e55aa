// The shape of a rendered mail is a job payload, so it is defined with the outbox's payloads.
export type { Mail } from '../outbox/payloads';

/** Removes line breaks from a header value so a name cannot inject extra headers. */
export function headerSafe(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

/** MAIL_FROM as `Name <address>` or a bare address; SMTP's MAIL FROM takes the address alone. */
export function parseFrom(from: string): { name?: string; email: string } {
  const m = /^\s*(.*?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from);
  const [, name, email] = m ?? [];
  if (!email) return { email: from.trim() };
  return name ? { name: name.replace(/^"|"$/g, ''), email } : { email };
}
