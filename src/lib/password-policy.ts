/**
 * Password rules of spec §5, as one pure function the server enforces and the forms mirror.
 * Passwords are NFKC-normalised (NIST) before every check and before hashing; length counts code
 * points (an emoji is one), and nothing is ever truncated (security guide AUTH-01).
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
const SYMBOLS = /[!@#$%^&+=]/u;

/** Widely used passwords and the product's own names, refused as too easy (AUTH-02). */
const COMMON = new Set([
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword1',
  '12345678',
  '123456789',
  '1234567890',
  '11111111',
  '00000000',
  '87654321',
  'qwertyui',
  'qwerty12',
  'qwerty123',
  'qwertyuiop',
  'abcd1234',
  'abc12345',
  '1q2w3e4r',
  '1qaz2wsx',
  'iloveyou1',
  'sunshine1',
  'princess1',
  'football1',
  'baseball1',
  'welcome1',
  'welcome123',
  'letmein1',
  'admin123',
  'administrator',
  'trustno1',
  'monkey123',
  'dragon123',
  'master123',
  'superman1',
  'starwars1',
  'changeme',
  'changeme1',
  'asdfghjk',
  'zaq12wsx',
  'lanyard',
  'lanyard1',
  'lanyard123',
  'badgewallet',
  'openbadge',
  'openbadges',
  'openbadge1',
  'mybadges1',
  'wallet123',
]);

export type PasswordProblem = 'length' | 'classes' | 'contains_email' | 'common' | 'mismatch';

export function normalizePassword(password: string): string {
  return password.normalize('NFKC');
}

/** The problems of a new password (empty when it is acceptable); history is checked on the server. */
export function passwordProblems(
  password: string,
  opts: { email?: string | null; confirm?: string },
): PasswordProblem[] {
  const pw = normalizePassword(password);
  const problems: PasswordProblem[] = [];
  const length = [...pw].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) problems.push('length');
  const classes = [/\p{Lu}/u, /\p{Ll}/u, /\p{Nd}/u, SYMBOLS].filter((re) => re.test(pw)).length;
  if (classes < 2) problems.push('classes');
  const lower = pw.toLowerCase();
  const email = opts.email?.trim().toLowerCase();
  if (
    email &&
    (lower.includes(email) || ((email.split('@')[0]?.length ?? 0) >= 4 && lower.includes(email.split('@')[0] ?? '')))
  ) {
    problems.push('contains_email');
  }
  if (COMMON.has(lower)) problems.push('common');
  if (opts.confirm !== undefined && normalizePassword(opts.confirm) !== pw) problems.push('mismatch');
  return problems;
}
