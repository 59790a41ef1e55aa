// The Digital Credentials Consortium packages tests/support/dcc-sign.ts uses ship no types; only
// what the helper calls is declared (issue 21, Deliver 6).
declare module '@digitalcredentials/ed25519-multikey' {
  export type KeyPair = {
    publicKeyMultibase: string;
    signer(): { algorithm: string; id?: string; sign(o: { data: Uint8Array }): Promise<Uint8Array> };
    export(options?: object): Promise<Record<string, unknown>>;
  };
  export function generate(options?: object): Promise<KeyPair>;
  export function from(key: object): Promise<KeyPair>;
}
declare module '@digitalcredentials/data-integrity' {
  export const DataIntegrityProof: new (options: object) => object;
}
declare module '@digitalcredentials/eddsa-rdfc-2022-cryptosuite' {
  export const cryptosuite: object;
}
declare module '@digitalcredentials/vc' {
  export function issue(options: { credential: object; suite: object; documentLoader: unknown }): Promise<object>;
}

/** Digital Bazaar's VC verifier: a second, independent opinion in tests/integration/ob3-proof.test.ts. */
declare module '@digitalbazaar/vc' {
  export function verifyCredential(options: object): Promise<{ verified: boolean; error?: unknown }>;
}
