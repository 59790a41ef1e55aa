/** A rendered mail, ready for any transport. Header values never contain CR/LF (NOTIF-01). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Removes line breaks from a header value so a name cannot inject extra headers. */
export function headerSafe(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}
