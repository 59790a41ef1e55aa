import { Field } from '../account/Field';
import type { ApiResult } from '../lib/api';
import { ThaiText } from '../lib/ThaiText';

/**
 * What a portal (type 1) user's confirmations show instead of the account password, which they do
 * not have (issue 20): the server accepts a recent portal sign-in instead, and otherwise answers a
 * code that sends them to the portal to sign in again (`href`: prompt=login, back to this page).
 */
export interface PortalConfirmLabels {
  /** Under the form: no password needed, the recent portal sign-in confirms it. */
  note: string;
  /** Shown when the server asks for a fresh portal sign-in. */
  needed: string;
  button: string;
  href: string;
}

/**
 * Sent in the `password` field for a type-1 account. The server does not read it for type 1 (it
 * checks the portal sign-in's time instead); the field stays required for wallet accounts.
 */
export const PORTAL_CONFIRMED = 'portal-sign-in';

/** The server's answer "sign in again at the portal" (the portal sign-in is too old to confirm this). */
const REAUTH = new Set<string>(['E403121']);

/** True when a failed confirmation asks for a fresh portal sign-in. */
export function asksPortalSignIn(r: ApiResult<unknown>): boolean {
  return !r.ok && r.errors.some((e) => REAUTH.has(e.code));
}

/** The note under a type-1 user's confirmation form. */
export function PortalNote({ labels }: { labels: PortalConfirmLabels }) {
  return (
    <p className="field-hint">
      <ThaiText text={labels.note} />
    </p>
  );
}

/**
 * The account's own password in a confirmation form, or for a portal user (who has none) the note
 * that the recent portal sign-in confirms it.
 */
export function OwnPassword(props: {
  portal: PortalConfirmLabels | null | undefined;
  label: string;
  value: string;
  errors?: string[] | undefined;
  onValue: (value: string) => void;
}) {
  if (props.portal) return <PortalNote labels={props.portal} />;
  return (
    <Field
      label={props.label}
      type="password"
      autoComplete="current-password"
      value={props.value}
      errors={props.errors}
      onValue={props.onValue}
    />
  );
}

/** The way back to the portal when the server wants a fresh sign-in there. */
export function PortalReauth({ labels }: { labels: PortalConfirmLabels }) {
  return (
    <div className="stack portal-reauth" role="alert">
      <p>
        <ThaiText text={labels.needed} />
      </p>
      <p>
        <a className="btn" href={labels.href}>
          <ThaiText text={labels.button} />
        </a>
      </p>
    </div>
  );
}
