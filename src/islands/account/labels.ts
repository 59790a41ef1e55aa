import { pick, type Translate } from '../../i18n/translator';
import type { PasswordRuleLabels } from './password-check';

/** The password rule messages every password form shows, from the server's own catalogue keys. */
export function passwordRuleLabels(t: Translate): PasswordRuleLabels {
  return pick(t, {
    length: 'validation.password_length',
    classes: 'validation.password_classes',
    contains_email: 'validation.password_contains_email',
    common: 'validation.password_common',
    mismatch: 'validation.password_mismatch',
    required: 'account.required',
  });
}
