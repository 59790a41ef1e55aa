import legacyV1 from './bundled/openbadges-legacy-v1.json';
import v0 from './bundled/openbadges-v0-context.json';
import v1 from './bundled/openbadges-v1-context.json';
import v2 from './bundled/openbadges-v2-context.json';
import { OB2_EXTENSIONS } from './extensions';

/**
 * The only JSON-LD contexts the verifier will ever use (DATA-04): Open Badges v2, v1, legacy v1 and
 * v0, and the OB 2.0 extension contexts, bundled from the 1EdTech specification repository. Each is
 * known under every address it has been published at; the keys are compared without the scheme, so
 * http and https name the same context.
 */
let contexts: Map<string, unknown> | null = null;

/** The address map, built on first use (no work at import time). */
function contextMap(): Map<string, unknown> {
  if (contexts) return contexts;
  const map = new Map<string, unknown>();
  const add = (doc: unknown, ...addresses: string[]) => {
    for (const a of addresses) map.set(a, doc);
  };
  add(v2, 'w3id.org/openbadges/v2', 'w3id.org/openbadges/v2/', 'w3id.org/openbadges/v2/context.json');
  add(v2, 'openbadgespec.org/v2/context', 'openbadgespec.org/v2/context.json');
  add(v2, 'www.imsglobal.org/sites/default/files/Badges/OBv2p0Final/v2/context.json');
  add(v1, 'w3id.org/openbadges/v1', 'w3id.org/openbadges/v1/', 'w3id.org/openbadges/v1/context.json');
  add(v1, 'openbadgespec.org/v1/context.json');
  add(legacyV1, 'w3id.org/openbadges/legacy-v1', 'openbadgespec.org/v1/legacy-v1.json');
  add(v0, 'w3id.org/openbadges/v0', 'openbadgespec.org/v0/context.json');
  for (const [name, { context }] of Object.entries(OB2_EXTENSIONS)) {
    add(
      context,
      `w3id.org/openbadges/extensions/${name}/context.json`,
      `openbadgespec.org/extensions/${name}/context.json`,
    );
  }
  return (contexts = map);
}

/** The bundled context at this address, or undefined: nothing else is ever loaded. */
export function bundledContext(url: string): unknown {
  const m = /^https?:\/\/(.+)$/i.exec(url.trim());
  return m?.[1] ? contextMap().get(m[1]) : undefined;
}

export const OB2_CONTEXT = 'https://w3id.org/openbadges/v2';
export const OB1_CONTEXT = 'https://w3id.org/openbadges/v1';

/** Which Open Badges version a context address names, if any. */
export function obVersionOf(url: string): '2.0' | '1.1' | null {
  const doc = bundledContext(url);
  return doc === v2 ? '2.0' : doc === v1 || doc === legacyV1 || doc === v0 ? '1.1' : null;
}
