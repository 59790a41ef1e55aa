// The Digital Bazaar packages ship no types; these are the few calls the OB 3.0 verifier makes.
declare module 'base58-universal' {
  export function decode(input: string): Uint8Array;
  export function encode(input: Uint8Array): string;
}
declare module 'jsonld-signatures' {
  const jsigs: {
    verify(doc: object, options: object): Promise<{ verified: boolean; results?: unknown[]; error?: unknown }>;
    sign(doc: object, options: object): Promise<Record<string, unknown>>;
    purposes: { AssertionProofPurpose: new (options?: object) => object };
  };
  export default jsigs;
}
declare module '@digitalbazaar/data-integrity' {
  export const DataIntegrityProof: new (options: {
    cryptosuite: object;
    signer?: object;
    date?: string | Date;
    /** Data Integrity v1 as the proof options' context (the eddsa-2022 draft), not v2. */
    legacyContext?: boolean;
  }) => object;
}
declare module '@digitalbazaar/eddsa-rdfc-2022-cryptosuite' {
  export const cryptosuite: { name: string };
}
declare module '@digitalbazaar/ecdsa-sd-2023-cryptosuite' {
  export function createVerifyCryptosuite(options?: object): { name: string };
}
declare module '@digitalbazaar/ed25519-signature-2020' {
  export const Ed25519Signature2020: new (options?: { key?: object; signer?: object; date?: string | Date }) => object;
}
declare module '@digitalbazaar/ed25519-multikey' {
  export type Ed25519KeyPair = {
    id?: string;
    controller?: string;
    publicKeyMultibase: string;
    signer(): { algorithm: string; id?: string; sign(o: { data: Uint8Array }): Promise<Uint8Array> };
    export(options?: object): Promise<Record<string, unknown>>;
  };
  export function generate(options?: { id?: string; controller?: string; seed?: Uint8Array }): Promise<Ed25519KeyPair>;
  export function from(key: object): Promise<Ed25519KeyPair>;
}
