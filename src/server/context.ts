import type { Language } from '../i18n/languages';
import type { Translate } from '../i18n/translator';
import type { FormState } from './form-state';
import type { Logger } from './log';

/** The signed-in user as the chrome and the API see it; no secrets, safe to render. */
export interface SessionUser {
  accountId: string;
  userType: 1 | 2;
  firstName: string;
  lastName: string;
  primaryEmail: string | null;
  /** The address this session signed in with (normalised); null for sessions made otherwise. */
  loginEmail: string | null;
  /** For a portal user (type 1), the portal session this wallet session was minted from. */
  portalSessionHash: string | null;
  profileImageKey: string | null;
  serviceCountry: number;
  agreeTermOfService: boolean;
  /** The terms version agreed to; an older one than the current brings the revision notice. */
  termsVersion: string | null;
  /** The account's stored language: mails and the terms content view use it. */
  language: string;
}

/** Per-request values, typed once and carried on the Hono context (architecture rule). */
export interface AppVariables {
  requestId: string;
  log: Logger;
  lang: Language;
  t: Translate;
  user: SessionUser | null;
  sessionTokenHash: string | null;
  /** Set by the issuer API's key check; only issuer routes read it. */
  issuerId: string;
  /** Wallet pages: what a form post (or the redirect after it) leaves for the page to show. */
  form: FormState | null;
  /** Wallet pages: the hidden token of the page's forms; the first call may set the key cookie. */
  formToken: () => Promise<string>;
}

export interface AppEnv {
  Bindings: Env;
  Variables: AppVariables;
}
