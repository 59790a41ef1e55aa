import { useState, type FormEvent } from 'react';
import { call, type Answer } from '../lib/api';
import { wallet } from '../lib/client';

type Item = 'issued_by' | 'issued_on' | 'awarded_to' | 'expires_on';
const ITEMS: Item[] = ['issued_by', 'issued_on', 'awarded_to', 'expires_on'];

export interface VerifyLabels extends Record<Item, string> {
  verify_this: string;
  result: string;
  loading: string;
  success: string;
  fail: string;
  pass: string;
  not_pass: string;
  unverifiable: string;
  revoked: string;
  /** Contains {{reason}}. */
  revoked_reason: string;
  findings: string;
  failed_request: string;
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
  url?: string | undefined;
  lang: string;
  labels: VerifyLabels;
}) {
  const { labels } = props;
  const [state, setState] = useState<State>({ kind: 'idle' });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setState({ kind: 'loading' });
    const body = props.assertionId
      ? { input_type: 'assertion_id' as const, assertion_id: props.assertionId }
      : { input_type: 'url' as const, url: props.url };
    const r = await call(wallet.Public.Verification, body);
    setState(
      r.ok
        ? { kind: 'done', report: r.data }
        : { kind: 'error', message: r.errors[0]?.message || labels.failed_request },
    );
  };
  const date = new Intl.DateTimeFormat(props.lang, { dateStyle: 'long', timeZone: 'UTC' });
  const text = (item: Item, v: string | null) => (v ? (DATE_ITEMS.has(item) ? date.format(new Date(v)) : v) : '—');
  const report = state.kind === 'done' ? state.report : null;
  const verdict = !report
    ? null
    : report.badge_pass
      ? labels.pass
      : report.badge_information.revoked
        ? labels.revoked
        : report.verify_state === 'unverifiable'
          ? labels.unverifiable
          : labels.not_pass;
  const findings = report ? [...report.verify_errors_code, ...report.verify_warnings_code] : [];
  return (
    <div className="verify-badge stack">
      <form method="post" action={props.action} onSubmit={(e) => void submit(e)}>
        {props.assertionId ? (
          <input type="hidden" name="assertion_id" value={props.assertionId} />
        ) : (
          <input type="hidden" name="url" value={props.url} />
        )}
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
          <p className={report?.badge_pass ? 'verdict verdict-pass' : 'verdict verdict-fail'} role="status">
            {verdict ?? labels.loading}
          </p>
          {report?.badge_information.revoked && report.badge_information.revocation_reason && (
            <p>{labels.revoked_reason.replace('{{reason}}', report.badge_information.revocation_reason)}</p>
          )}
          <dl className="verify-items">
            {ITEMS.map((item) => {
              const r = report?.items[item];
              return (
                <div key={item} className={`verify-item verify-${r?.status ?? 'loading'}`}>
                  <dt>{labels[item]}</dt>
                  <dd>
                    <span className="verify-status">
                      {!r ? labels.loading : r.status === 'success' ? labels.success : labels.fail}
                    </span>
                    {r && <span>{text(item, r.text)}</span>}
                  </dd>
                </div>
              );
            })}
          </dl>
          {findings.length > 0 && (
            <>
              <h3>{labels.findings}</h3>
              <ul>
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
