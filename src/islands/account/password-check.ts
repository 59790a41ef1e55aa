import { passwordProblems } from '../../lib/password-policy';

/** Translated messages for each password rule, keyed as the server's `validation.password_*`. */
export interface PasswordRuleLabels {
  length: string;
  classes: string;
  contains_email: string;
  common: string;
  mismatch: string;
  required: string;
}

/**
 * The form's mirror of the server's password rules (spec §5): the same pure function, so what the
 * form accepts the server accepts, except the history rule only the server can check.
 */
export function passwordErrors(password: string, confirm: string, email: string | null, labels: PasswordRuleLabels) {
  if (!password) return { password: [labels.required], confirm_password: confirm ? [] : [labels.required] };
  const problems = passwordProblems(password, { email, confirm });
  return {
    password: problems.filter((p) => p !== 'mismatch').map((p) => labels[p]),
    confirm_password: confirm ? (problems.includes('mismatch') ? [labels.mismatch] : []) : [labels.required],
  };
}
