import type { ErrorCode } from './errors';

/** The pages whose forms post to the server (issue 25): each has one handler in forms/routes.ts. */
export type FormName =
  | 'login'
  | 'register'
  | 'forgot'
  | 'reset'
  | 'activate'
  | 'receive'
  | 'terms'
  | 'acaddoc'
  | 'record'
  | 'emailverify'
  | 'mailprefs'
  | 'apps'
  | 'sessions'
  | 'export'
  | 'download'
  | 'reminder';

/**
 * What a page shows after its form was posted: the step reached or the outcome, what the person
 * typed (never a password) and the translated errors. A failed post renders the page with it; a
 * successful one leaves it for the page the redirect leads to.
 */
export interface FormState {
  form: FormName;
  /** The step or outcome to show, e.g. 'password' (login step 2), 'info', 'sent', 'done', 'received'. */
  step: string;
  values: Record<string, string>;
  /** Translated messages by field name; `_form` holds those of no single field. */
  errors: Record<string, string[]>;
  /** The first error's code, so a page can choose what to offer next (E410101: a new link). */
  code: ErrorCode | null;
  status: number;
}

/** The state a page's own form left, or null (another form's state, or none). */
export function stateFor(state: FormState | null | undefined, form: FormName): FormState | null {
  return state?.form === form ? state : null;
}
