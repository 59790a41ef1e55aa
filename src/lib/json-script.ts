/**
 * JSON to place inside a <script> element (JSON-LD): '<', '>', '&' and U+2028/U+2029 become
 * \u escapes, so no value can close the element or break the script (security guide XSS-04).
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
