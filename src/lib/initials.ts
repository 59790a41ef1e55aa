const LATIN = /\p{Script=Latin}/u;

function firstChar(name: string): string {
  const [ch = ''] = Array.from(name.trim());
  return LATIN.test(ch) ? ch.toLocaleUpperCase('en') : ch;
}

/** Avatar initials (spec §2): first character of first and last name, Latin letters upper-cased. */
export function initials(firstName: string, lastName: string): string {
  return `${firstChar(firstName)}${firstChar(lastName)}`;
}
