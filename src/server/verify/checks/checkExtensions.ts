import { fail, PASS, SKIP, type Check } from '../check';
import { extensionsValid } from '../model/extensions';

/**
 * Every extension in the assertion, its BadgeClass and its issuer Profile matches the JSON schema
 * its bundled context declares for its type (E988). Extensions without a bundled schema, and
 * properties outside any extension, are not judged.
 */
export const checkExtensions: Check = {
  name: 'checkExtensions',
  async run(ctx) {
    if (!ctx.assertion || ctx.version !== '2.0') return SKIP;
    for (const doc of [ctx.assertion, ctx.badge, ctx.profileFound ?? ctx.issuer])
      if (doc && !(await extensionsValid(doc))) return fail('E988');
    return PASS;
  },
};
