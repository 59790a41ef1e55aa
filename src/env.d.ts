/// <reference types="astro/client" />

type Language = import('./i18n/languages').Language;
type Translate = import('./i18n/translator').Translate;
type SessionUser = import('./server/context').SessionUser;

declare namespace App {
  /** Set for every page by src/fetch.ts from the Hono context. */
  interface Locals {
    lang: Language;
    t: Translate;
    user: SessionUser | null;
    requestId: string;
  }
}
