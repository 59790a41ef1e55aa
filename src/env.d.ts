/// <reference types="astro/client" />
import type { Language } from './i18n/languages';
import type { Translate } from './i18n/translator';
import type { SessionUser } from './server/context';

declare global {
  namespace App {
    /** Set for every page by src/fetch.ts from the Hono context. */
    interface Locals {
      lang: Language;
      t: Translate;
      user: SessionUser | null;
      requestId: string;
    }
  }
}

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on first pointer-over, focus or touch (src/islands/lib/on-interaction.ts). */
    'client:interaction'?: boolean;
  }
}
