import type { ReactNode } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * The settings islands work only with JavaScript (issue 25). Until one has hydrated, every control
 * inside is disabled and the group is marked busy, so a click or a keystroke before then is visibly
 * not taken rather than silently lost (a disabled default button also keeps Enter from submitting).
 */
export function UntilReady({ children }: { children: ReactNode }) {
  const ready = useHydrated();
  return (
    <fieldset className="until-ready" disabled={!ready} aria-busy={ready ? undefined : true}>
      {children}
    </fieldset>
  );
}

/** A settings form's submit button: "Loading…" until its island is ready, disabled while a call runs. */
export function SubmitButton({
  label,
  loading,
  busy,
  className = 'btn',
}: {
  label: string;
  loading: string;
  busy: boolean;
  className?: string;
}) {
  const ready = useHydrated();
  return (
    <button type="submit" className={className} disabled={busy || !ready}>
      {ready ? label : loading}
    </button>
  );
}
