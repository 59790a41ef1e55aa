/** Spec §9: how long a lazily loaded screen chunk may take before the user is told it failed. */
export const LAZY_CHUNK_TIMEOUT_MS = 120_000;
