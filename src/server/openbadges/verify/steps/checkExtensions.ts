import { fail, PASS, passWith, SKIP, type Step } from '../../../verdict/step';
import type { Ob2Deps, Ob2Facts } from '../facts';
import { hadUnreadableExtensions } from '../ld/unread-extensions';
import { extensionsVerdict } from '../model/extensions';

/**
 * Every extension in the assertion, its BadgeClass and its issuer Profile matches the JSON schema
 * its bundled context declares for its type (E988; OB 2.0 schemas, so 2.0 badges). An extension
 * that cannot be checked is a warning that fails no item (W004), in any version: its context is
 * not bundled here (so it was left out of what was read), or no bundled schema validates its type.
 * 1EdTech's validator fetches what it lacks; this verifier fetches no context. Properties outside
 * any extension are not judged.
 */
export const checkExtensions: Step<Ob2Facts, Ob2Deps> = {
  name: 'checkExtensions',
  group: 'extras',
  async run(facts) {
    if (!facts.assertion) return SKIP;
    let unchecked = false;
    for (const doc of [facts.assertion, facts.badge, facts.profileFound ?? facts.issuer]) {
      if (!doc) continue;
      const verdict = facts.version === '2.0' ? await extensionsVerdict(doc) : 'valid';
      if (verdict === 'invalid') return fail('E988');
      if (verdict === 'unchecked' || hadUnreadableExtensions(doc)) unchecked = true;
    }
    return unchecked ? passWith('W004') : PASS;
  },
};
