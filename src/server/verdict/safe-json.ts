/** Limits for badge JSON from elsewhere (security guide DATA-01, DATA-05). */
export const JSON_LIMITS = { maxBytes: 256 * 1024, maxDepth: 32 } as const;

export class BadJson extends Error {
  constructor(readonly reason: 'too-large' | 'syntax' | 'too-deep' | 'not-object') {
    super(`badge JSON refused (${reason})`);
    this.name = 'BadJson';
  }
}

/**
 * Parses badge JSON with a size cap and a depth cap, walking iteratively (a recursive walker is
 * what a 10^6-deep array would break, DATA-01). JSON.parse makes "__proto__" an ordinary own key,
 * and nothing here merges objects, so prototypes stay untouched (DATA-02).
 */
export function parseBadgeJson(text: string): Record<string, unknown> {
  if (new TextEncoder().encode(text).length > JSON_LIMITS.maxBytes) throw new BadJson('too-large');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BadJson('syntax');
  }
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (depth > JSON_LIMITS.maxDepth) throw new BadJson('too-deep');
    if (node && typeof node === 'object') for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new BadJson('not-object');
  return value as Record<string, unknown>;
}
