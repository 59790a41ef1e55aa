import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { ThaiText } from '../lib/ThaiText';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  hint?: string;
  errors?: string[] | undefined;
  /** Without it the input is uncontrolled (give `defaultValue`): what was typed before hydration stays. */
  onValue?: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and its errors, announced and linked by aria-describedby. */
export function Field({ label, hint, errors, onValue, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, errors?.length ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>
        <ThaiText text={label} />
      </label>
      <input
        id={id}
        {...input}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={onValue ? (e) => onValue(e.target.value) : undefined}
      />
      {hint && (
        <small id={hintId} className="field-hint">
          <ThaiText text={hint} />
        </small>
      )}
      <FieldErrorList id={errorId} messages={errors} />
    </div>
  );
}

/** A field's errors, announced; nothing when there are none. */
export function FieldErrorList({ id, messages }: { id?: string; messages?: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <ul id={id} className="field-errors" role="alert">
      {messages.map((m) => (
        <li key={m}>
          <ThaiText text={m} />
        </li>
      ))}
    </ul>
  );
}

/** Errors that belong to no single field, each announced. */
export function FormErrors({ messages }: { messages?: string[] | undefined }) {
  return (
    <>
      {messages?.map((m) => (
        <p key={m} className="form-error" role="alert">
          {m}
        </p>
      ))}
    </>
  );
}
