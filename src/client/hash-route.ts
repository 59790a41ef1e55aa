/**
 * Spec §2: a hash fragment becomes the path. Old links of the form `/ns/portal/openbadge/#/assertions`
 * turn into `/ns/portal/openbadge/assertions`; returns the new URL or null when there is nothing to do.
 */
export function hashToPath(base: string, hash: string): string | null {
  if (!hash.startsWith('#/')) return null;
  const target = hash.slice(1);
  // Only a plain wallet path is followed: "#//evil.com" or "#/\\evil.com" must not leave the site.
  if (/^\/[/\\]/.test(target)) return null;
  return `${base}${target}`;
}
