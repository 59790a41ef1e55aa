import { TOKEN_FIELD } from '../../lib/form-token';

/**
 * The form token of a page form that posts to the server (issue 25). It belongs in the page: only
 * same-origin pages can read it, which is what makes a forged cross-site post fail.
 */
export function HiddenToken({ token }: { token: string }) {
  return <input type="hidden" name={TOKEN_FIELD} value={token} />;
}
