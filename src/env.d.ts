/// <reference types="astro/client" />
import type { Language } from './i18n/languages';
import type { Translate } from './i18n/translator';
import type { SessionUser } from './server/context';
import type { FormState } from './server/form-state';

declare global {
  namespace App {
    /** Set for every page by src/fetch.ts from the Hono context. */
    interface Locals {
      lang: Language;
      t: Translate;
      user: SessionUser | null;
      requestId: string;
      /** What this page's form post left to show (a step, the errors, the values), or null. */
      form: FormState | null;
      /** The hidden token of this page's forms (issue 25). */
      formToken: () => Promise<string>;
      /** The Worker's bindings for this request: DB is the request's D1 session (read replicas). */
      env: Env;
    }
  }
}

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on first pointer-over, focus or touch (src/islands/lib/on-interaction.ts). */
    'client:interaction'?: boolean;
  }
}
