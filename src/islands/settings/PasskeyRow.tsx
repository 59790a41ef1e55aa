import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Field, FormErrors } from '../account/Field';
import { ThaiText } from '../lib/ThaiText';

/** One passkey as Setting/Passkeys/List answers it (times as the server sends them). */
export interface PasskeyRowData {
  id: string;
  name: string;
  created_at: number | string;
  last_used_at: number | string | null;
  backed_up: boolean;
}

export interface PasskeyRowLabels {
  /** "Added": the label of when the passkey was added. */
  addedAt: string;
  /** "Last used": the label of when it last signed in. */
  usedAt: string;
  /** "{{time}} (UTC)": every time in the list is in UTC, and says so. */
  timeUtc: string;
  neverUsed: string;
  synced: string;
  deviceOnly: string;
  name: string;
  rename: string;
  save: string;
  cancel: string;
  remove: string;
  removeConfirm: string;
  password: string;
}

type Mode = 'view' | 'rename' | 'remove';

/**
 * One passkey in the settings list: its name, when it was added and last used, whether it is synced;
 * renamed inline, removed after the password (the confirmation dialog comes from the parent). The
 * calls are the parent's (`onRename`, `onRemove` answer true on success), so errors and the live
 * notice stay in one place. After an action, focus returns to the row's own Rename button.
 */
export function PasskeyRow({
  row,
  labels,
  when,
  busy,
  errors,
  focus,
  onRename,
  onRemove,
}: {
  row: PasskeyRowData;
  labels: PasskeyRowLabels;
  when: Intl.DateTimeFormat;
  busy: boolean;
  errors: string[] | undefined;
  /** True right after this row was added or renamed: its Rename button takes the focus. */
  focus: boolean;
  onRename: (id: string, name: string) => Promise<boolean>;
  onRemove: (id: string, name: string, password: string) => Promise<boolean>;
}) {
  const [mode, setMode] = useState<Mode>('view');
  const [name, setName] = useState(row.name);
  const [password, setPassword] = useState('');
  const renameButton = useRef<HTMLButtonElement>(null);
  // The buttons say only "Rename" / "Remove"; the passkey's name describes them (no built sentence).
  const nameId = useId();
  useEffect(() => {
    if (focus && mode === 'view') renameButton.current?.focus();
  }, [focus, mode]);

  // Each time in a <time> element with its instant, as the sessions list writes it: "… (UTC)".
  const at = (x: number | string) => {
    const d = new Date(x);
    return <time dateTime={d.toISOString()}>{labels.timeUtc.replace('{{time}}', when.format(d))}</time>;
  };
  const back = () => {
    setMode('view');
    requestAnimationFrame(() => renameButton.current?.focus());
  };
  const rename = async (e: FormEvent) => {
    e.preventDefault();
    if (await onRename(row.id, name)) back();
  };
  const remove = async (e: FormEvent) => {
    e.preventDefault();
    await onRemove(row.id, row.name, password);
  };

  return (
    <li className="email-row stack" data-testid="passkey-row">
      <div className="email-head">
        <span id={nameId} className="email-address" dir="auto">
          {row.name}
        </span>
        <span className={row.backed_up ? 'mark mark-success' : 'mark mark-muted'}>
          {row.backed_up ? labels.synced : labels.deviceOnly}
        </span>
      </div>
      {/* Label and value pairs (issue 35): "Added" and "Last used" each with its own time, never run together. */}
      <dl className="field-hint passkey-facts">
        <dt>
          <ThaiText text={labels.addedAt} />
        </dt>
        <dd>{at(row.created_at)}</dd>
        <dt>
          <ThaiText text={labels.usedAt} />
        </dt>
        <dd>{row.last_used_at === null ? labels.neverUsed : at(row.last_used_at)}</dd>
      </dl>
      {mode === 'rename' && (
        <form className="inline-form" onSubmit={(e) => void rename(e)}>
          <Field label={labels.name} value={name} maxLength={64} required dir="auto" autoFocus onValue={setName} />
          <button type="submit" className="btn" disabled={busy}>
            <ThaiText text={labels.save} />
          </button>
          <button type="button" className="btn btn-secondary" onClick={back}>
            <ThaiText text={labels.cancel} />
          </button>
        </form>
      )}
      {mode === 'remove' && (
        <form className="inline-form" onSubmit={(e) => void remove(e)}>
          <Field
            label={labels.password}
            type="password"
            autoComplete="current-password"
            maxLength={256}
            autoFocus
            value={password}
            onValue={setPassword}
          />
          <button type="submit" className="btn btn-danger" disabled={busy}>
            <ThaiText text={labels.removeConfirm} />
          </button>
          <button type="button" className="btn btn-secondary" onClick={back}>
            <ThaiText text={labels.cancel} />
          </button>
        </form>
      )}
      <FormErrors messages={errors} />
      {mode === 'view' && (
        <div className="actions">
          <button
            ref={renameButton}
            type="button"
            className="btn btn-secondary"
            aria-describedby={nameId}
            onClick={() => {
              setName(row.name);
              setMode('rename');
            }}
          >
            <ThaiText text={labels.rename} />
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            aria-describedby={nameId}
            onClick={() => setMode('remove')}
          >
            <ThaiText text={labels.remove} />
          </button>
        </div>
      )}
    </li>
  );
}
