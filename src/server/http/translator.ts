import type { Language } from '../../i18n/languages';
import { translatorFor, type Translate } from '../../i18n/translator';
import { assetCatalogue } from './assets';

/** The translate function of `lang` for a request or a job, its catalogue read from the Worker's assets. */
export const translator = (env: Env, lang: Language): Promise<Translate> =>
  translatorFor(lang, (l) => assetCatalogue(env, l));
