import { readFileSync } from 'node:fs';

/*
 * The independent verifier of issue 21 (Deliver 6), @digitalcredentials/verifier-core 1.0.0-beta.11,
 * for the node side of the interop and browser tests. It fetches did:web documents over https, status
 * lists by their URL and the credential's JSON schema from 1EdTech. While it runs, its fetches are
 * routed: a did:web of the local Worker goes to the Worker over plain http (did:web allows https
 * only, and the dev Worker has no TLS), the 1EdTech AchievementCredential schema and the CLR 2.0.1
 * context (issue 38: verifier-core bundles no CLR context) come from our bundled copies, and
 * anything else is refused and recorded, so no step passes by the network.
 */
type Obj = Record<string, unknown>;

/** The fetch of the test process, before routing. */
export const realFetch = globalThis.fetch;
/** Every URL the verifier asked for, and the ones refused. */
export const dccOutbound: { url: string; refused: boolean }[] = [];

const BUNDLED: Record<string, string> = {
  'https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json':
    'src/server/ob3/schema/achievementcredential.min.json',
  'https://purl.imsglobal.org/spec/clr/v2p0/context-2.0.1.json': 'src/server/ld/bundled/clr/context-2.0.1.json',
};

function routed(worker: string) {
  const local = new URL(worker);
  return async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const bundled = BUNDLED[url.href];
    if (bundled) {
      dccOutbound.push({ url: url.href, refused: false });
      return new Response(readFileSync(bundled, 'utf8'), { headers: { 'content-type': 'application/json' } });
    }
    if (url.host === local.host) {
      dccOutbound.push({ url: url.href, refused: false });
      const plain = `${local.protocol}//${url.host}${url.pathname}${url.search}`;
      return realFetch(plain, { method: init?.method ?? 'GET', headers: { accept: 'application/json' } });
    }
    dccOutbound.push({ url: url.href, refused: true });
    throw new TypeError(`refused by the test: ${url.href}`);
  };
}

export interface DccResult {
  log?: { id: string; valid: boolean }[];
  errors?: { name: string; message: string }[];
  additionalInformation?: unknown;
}

/**
 * verifier-core's verifyCredential with its fetches routed to `worker` (the local Lanyard). The
 * module is loaded on first use, after routing is in place, so its clients see the routed fetch.
 */
export async function dccVerify(credential: Obj, worker = 'http://127.0.0.1:8787'): Promise<DccResult> {
  globalThis.fetch = routed(worker) as typeof fetch;
  try {
    const { verifyCredential } = await import('@digitalcredentials/verifier-core');
    // verifier-core's own type of a credential is stricter than what the tests hand it on purpose.
    const input = credential as unknown as Parameters<typeof verifyCredential>[0]['credential'];
    return (await verifyCredential({ credential: input, knownDIDRegistries: [] })) as DccResult;
  } finally {
    globalThis.fetch = realFetch;
  }
}

/** One step of the result's log (valid_signature, expiration, revocation_status, ...). */
export const step = (r: DccResult, id: string) => r.log?.find((s) => s.id === id)?.valid;
