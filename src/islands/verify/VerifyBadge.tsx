import { useEffect, useRef, useState, type FormEvent } from 'react';
import { asWritten, itemLabel, verdictClass, verdictOf } from '../../lib/verify-verdict';
import { call, type Answer } from '../lib/api';
import { wallet } from '../lib/client';
import { ThaiText } from '../lib/ThaiText';

type Item = 'issued_by' | 'issued_on' | 'awarded_to' | 'expires_on';
const ITEMS: Item[] = ['issued_by', 'issued_on', 'awarded_to', 'expires_on'];

export interface VerifyLabels extends Record<Item, string> {
  verify_this: string;
  result: string;
  loading: string;
  success: string;
  /** issued_by when the issuer's name is the credential's own claim (W003, issue 33). */
  self_asserted: string;
  /** A passed item of a document that is not known to be its issuer's (issue 33). */
  item_as_written: string;
  fail: string;
  pass: string;
  not_pass: string;
  /** A document altered after signing (E179), and the note that its values are only what it says. */
  altered: string;
  as_written: string;
  unverifiable: string;
  revoked: string;
  /** Contains {{reason}}. */
  revoked_reason: string;
  findings: string;
  recipient_unchecked: string;
  recipient_prompt: string;
  recipient_email: string;
  check_recipient: string;
  failed_request: string;
  /** OB 3.0 endorsements (issue 21): heading, note, each one's verdict, and an unnamed endorser. */
  endorsements: string;
  endorsements_note: string;
  endorsement_valid: string;
  /** A valid endorsement whose endorser's name is its own claim (issue 33). */
  endorsement_claimed: string;
  endorsement_invalid: string;
  endorsement_unverifiable: string;
  endorsement_unnamed: string;
  codes: Record<string, string>;
}

type Report = Answer<typeof wallet.Public.Verification>;

type State =
  { kind: 'idle' } | { kind: 'loading' } | { kind: 'done'; report: Report } | { kind: 'error'; message: string };

const DATE_ITEMS = new Set<Item>(['issued_on', 'expires_on']);

/**
 * "Verify this badge" on badge pages (spec §3 verification result): all four items start loading,
 * each ends verified or not, then the overall result. Server-rendered it is a plain form posting
 * to the verify page, which is what runs until (or unless) the island has hydrated.
 */
export default function VerifyBadge(props: {
  action: string;
  assertionId?: string | undefined;
  /** A public imported badge: the server checks it against its holder's address without showing it. */
  hostAssertionId?: string | undefined;
  url?: string | undefined;
  /** The address a host badge was sent to, given only where it is shown anyway (the owner's page). */
  email?: string | undefined;
  lang: string;
  labels: VerifyLabels;
}) {
  const { labels } = props;
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [address, setAddress] = useState('');
  const addressField = useRef<HTMLInputElement>(null);
  const run = async (emails: string[]) => {
    setState({ kind: 'loading' });
    // A badge issued here is checked against the address it was sent to when none is given.
    const body = props.assertionId
      ? { input_type: 'assertion_id' as const, assertion_id: props.assertionId, verification_mail: emails }
      : props.hostAssertionId && emails.length === 0
        ? { input_type: 'host_assertion_id' as const, host_assertion_id: props.hostAssertionId, verification_mail: [] }
        : { input_type: 'url' as const, url: props.url, verification_mail: emails };
    const r = await call(wallet.Public.Verification, body);
    setState(
      r.ok
        ? { kind: 'done', report: r.data }
        : { kind: 'error', message: r.errors[0]?.message || labels.failed_request },
    );
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(props.email ? [props.email] : []);
  };
  const checkRecipient = (e: FormEvent) => {
    e.preventDefault();
    if (address.trim()) void run([address.trim()]);
  };
  const date = new Intl.DateTimeFormat(props.lang, { dateStyle: 'long', timeZone: 'UTC' });
  const text = (item: Item, v: string | null) => (v ? (DATE_ITEMS.has(item) ? date.format(new Date(v)) : v) : '—');
  const report = state.kind === 'done' ? state.report : null;
  const kind = report ? verdictOf(report) : null;
  const verdict = kind ? labels[kind] : null;
  // Only the recipient is left to check: ask for the address, in the field, ready to type.
  useEffect(() => {
    if (kind === 'recipient_unchecked') addressField.current?.focus();
  }, [kind]);
  const findings = report ? [...report.verify_errors_code, ...report.verify_warnings_code] : [];
  return (
    <div className="verify-badge stack">
      <form method="post" action={props.action} onSubmit={submit}>
        {props.assertionId ? (
          <input type="hidden" name="assertion_id" value={props.assertionId} />
        ) : props.hostAssertionId && !props.email ? (
          // A public imported badge, as the island asks for it: an OB 3.0 one has no URL (issue 21).
          <input type="hidden" name="host_assertion_id" value={props.hostAssertionId} />
        ) : (
          <input type="hidden" name="url" value={props.url} />
        )}
        {props.email && <input type="hidden" name="email" value={props.email} />}
        <button type="submit" className="btn btn-secondary" disabled={state.kind === 'loading'}>
          {labels.verify_this}
        </button>
      </form>
      {state.kind === 'error' && (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      )}
      {(state.kind === 'loading' || report) && (
        <section className="verify-result card" aria-busy={state.kind === 'loading'} aria-label={labels.result}>
          <p className={kind ? verdictClass(kind) : 'verdict'} role="status">
            {verdict ?? labels.loading}
          </p>
          {kind === 'recipient_unchecked' && (
            <form className="verify-recipient stack" onSubmit={checkRecipient}>
              <label className="field">
                <span>{labels.recipient_email}</span>
                <input
                  ref={addressField}
                  type="email"
                  name="email"
                  maxLength={254}
                  autoComplete="email"
                  required
                  value={address}
                  onChange={(e) => setAddress(e.target.value)}
                  aria-describedby="verify-recipient-prompt"
                />
              </label>
              <p id="verify-recipient-prompt" className="field-hint">
                {labels.recipient_prompt}
              </p>
              <button type="submit" className="btn btn-secondary">
                {labels.check_recipient}
              </button>
            </form>
          )}
          {report?.badge_information.revoked && report.badge_information.revocation_reason && (
            <p>{labels.revoked_reason.replace('{{reason}}', report.badge_information.revocation_reason)}</p>
          )}
          {report && asWritten(report) && <p className="verify-as-written">{labels.as_written}</p>}
          <dl className="verify-items">
            {ITEMS.map((item) => {
              const r = report?.items[item];
              // Issue 33: "Verified" only for what is the issuer's (itemLabel, shared with the page).
              const label = report ? itemLabel(report, item) : null;
              return (
                <div key={item} className={`verify-item verify-${label ?? 'loading'}`}>
                  <dt>{labels[item]}</dt>
                  <dd>
                    <span className="verify-status">
                      {!label
                        ? labels.loading
                        : {
                            success: labels.success,
                            fail: labels.fail,
                            claimed: labels.self_asserted,
                            as_written: labels.item_as_written,
                          }[label]}
                    </span>
                    {r && <span>{text(item, r.text)}</span>}
                  </dd>
                </div>
              );
            })}
          </dl>
          {report?.endorsements && report.endorsements.length > 0 && (
            <>
              <h3 className="verify-endorsements-heading">
                <ThaiText text={labels.endorsements} />
              </h3>
              <p className="field-hint">{labels.endorsements_note}</p>
              <ul className="verify-endorsements" data-testid="verify-endorsements">
                {report.endorsements.map((e, i) => (
                  <li key={i} className={`verify-endorsement verify-endorsement-${e.state}`}>
                    <span>{e.name ?? labels.endorsement_unnamed}</span>{' '}
                    <span className="verify-status">
                      {e.claimed && e.state === 'valid' ? labels.endorsement_claimed : labels[`endorsement_${e.state}`]}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
          {findings.length > 0 && (
            <>
              <h3 className="verify-findings-heading">
                <ThaiText text={labels.findings} />
              </h3>
              <ul className="verify-findings">
                {findings.map((code) => (
                  <li key={code}>
                    <code>{code}</code> {labels.codes[code] ?? ''}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
    </div>
  );
}
