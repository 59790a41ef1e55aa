import { useMemo, useRef, useState, type FormEvent } from 'react';
import type { Language } from '../../i18n/languages';
import { utcDateTime } from '../../lib/dates';
import { Field, FormErrors } from '../account/Field';
import { call } from '../lib/api';
import { wallet } from '../lib/client';
import { useSubmit } from '../lib/use-submit';
import { SubmitButton, UntilReady } from '../lib/UntilReady';
import { createPasskey, type CeremonyFailure } from '../lib/webauthn';
import { confirmAction } from '../stores/dialogs';
import { PasskeyRow, type PasskeyRowData, type PasskeyRowLabels } from './PasskeyRow';
import { ThaiText } from '../lib/ThaiText';

const passkeys = wallet.Setting.Passkeys;

export interface PasskeyLabels extends PasskeyRowLabels {
  intro: string;
  listHeading: string;
  none: string;
  add: string;
  added: string;
  renamed: string;
  removed: string;
  removeTitle: string;
  /** Contains {{name}}. */
  removeText: string;
  /** "Current password is required." */
  required: string;
  /** "Passkey name is required." */
  nameRequired: string;
  loading: string;
  fallback: string;
  /** Why the browser made no passkey (not the server's errors, which come translated with a code). */
  cancelled: string;
  unsupported: string;
  exists: string;
}

/**
 * Passkeys in settings (issue 22, Deliver 1): the list, add one (the password first, as app codes
 * ask, then the browser's own passkey dialog), rename inline, remove after the password and a
 * confirmation. Every rule is the server's; this island shows its answers, already translated. The
 * WebAuthn library is fetched on the first Add click only (src/islands/lib/webauthn.ts). Portal
 * users (type 1) do not get this island: the portal's own sign-in security applies (E403150).
 */
export default function PasskeySettings({
  labels,
  initial,
  lang,
}: {
  labels: PasskeyLabels;
  initial: PasskeyRowData[];
  /** The page's language: dates in its calendar, in UTC as the server rendered them (no hydration mismatch). */
  lang: Language;
}) {
  const [rows, setRows] = useState(initial);
  const [password, setPassword] = useState('');
  const [working, setWorking] = useState(false);
  const [focusId, setFocusId] = useState<string | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const { busy, errors, notice, setErrors, setNotice, check, submit } = useSubmit(labels.fallback);
  const when = useMemo(() => utcDateTime(lang), [lang]);
  const failure: Record<CeremonyFailure, string> = {
    cancelled: labels.cancelled,
    unsupported: labels.unsupported,
    exists: labels.exists,
    failed: labels.fallback,
  };

  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!check({ password: password ? [] : [labels.required] })) return;
    setWorking(true);
    try {
      const asked = await submit(() => call(passkeys.Register.Options, { password }), {
        fields: { E400105: 'password' },
      });
      if (!asked) return;
      const made = await createPasskey(asked.options);
      if (!made.ok) return setErrors({ _form: [failure[made.reason]] });
      const response = made.response;
      const done = await submit(() => call(passkeys.Register.Verify, { response }), { done: labels.added });
      if (!done) return;
      const row = done.passkey;
      setRows((list) => [...list.filter((r) => r.id !== row.id), row]);
      setFocusId(row.id);
      setPassword('');
    } finally {
      setWorking(false);
    }
  };

  const rename = async (id: string, name: string) => {
    const trimmed = name.trim();
    if (!trimmed) {
      setErrors({ [id]: [labels.nameRequired] });
      return false;
    }
    const done = await submit(() => call(passkeys.Rename, { id, name: trimmed }), { done: labels.renamed, scope: id });
    if (done === null) return false;
    setRows((list) => list.map((r) => (r.id === id ? { ...r, name: trimmed } : r)));
    setFocusId(id);
    return true;
  };

  const remove = async (id: string, name: string, pw: string) => {
    if (!pw) {
      setErrors({ [id]: [labels.required] });
      return false;
    }
    setNotice(null);
    const sure = await confirmAction({
      title: labels.removeTitle,
      text: labels.removeText.replace('{{name}}', name),
      closeButton: { visible: true, text: labels.cancel },
      actionButton: { visible: true, text: labels.removeConfirm, color: 'danger' },
    });
    if (!sure) return false;
    const done = await submit(() => call(passkeys.Remove, { id, password: pw }), {
      done: labels.removed,
      scope: id,
    });
    if (done === null) return false;
    setRows((list) => list.filter((r) => r.id !== id));
    // The row and its buttons are gone: the list's heading takes the focus, the status says what happened.
    requestAnimationFrame(() => listHeading.current?.focus());
    return true;
  };

  return (
    <UntilReady>
      <div className="stack">
        <p>
          <ThaiText text={labels.intro} />
        </p>
        {/* One live region for every result, present from the start so each change is announced. */}
        <p className="form-success" role="status">
          <ThaiText text={notice} />
        </p>
        <h3 ref={listHeading} tabIndex={-1}>
          <ThaiText text={labels.listHeading} />
        </h3>
        {rows.length === 0 ? (
          <p>
            <ThaiText text={labels.none} />
          </p>
        ) : (
          <ul className="email-list" data-testid="passkey-list">
            {rows.map((r) => (
              <PasskeyRow
                key={r.id}
                row={r}
                labels={labels}
                when={when}
                busy={busy || working}
                errors={errors[r.id]}
                focus={focusId === r.id}
                onRename={rename}
                onRemove={remove}
              />
            ))}
          </ul>
        )}
        <form className="stack settings-form" onSubmit={(e) => void add(e)} noValidate>
          <Field
            label={labels.password}
            type="password"
            autoComplete="current-password"
            maxLength={256}
            value={password}
            errors={errors['password']}
            onValue={setPassword}
          />
          <FormErrors messages={errors['_form']} />
          <SubmitButton label={labels.add} loading={labels.loading} busy={busy || working} />
        </form>
      </div>
    </UntilReady>
  );
}
