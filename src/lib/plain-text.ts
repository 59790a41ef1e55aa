/**
 * Text a person types as a name or a password is plain text: no control characters (C0, DEL, C1:
 * Unicode's Cc, NUL among them) and no unpaired half of a surrogate pair, which no encoding can
 * carry and which UTF-8 would silently turn into U+FFFD (security guide DATA-20). Letters of every
 * script, combining marks, emoji and the bidi marks some names need are left alone.
 */
export function hasControlCharacters(value: string): boolean {
  return /\p{Cc}/u.test(value) || !value.isWellFormed();
}
