/** A wallet page's absolute URL for mails, always from PUBLIC_BASE_URL (security guide RST-02). */
export function walletUrl(env: Pick<Env, 'PUBLIC_BASE_URL'>, route: string): string {
  return `${new URL(env.PUBLIC_BASE_URL).origin}/ns/portal/openbadge${route}`;
}
