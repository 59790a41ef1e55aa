/**
 * Limits the forms mirror from the server's configuration (src/server/config.ts reads the same
 * values), kept here because client bundles must not import server modules.
 */
export const CONFIG_LIMITS = {
  /** First and last name, in characters (spec §5: "a parameter"). */
  nameMax: 50,
  /** A badge image sent to verify or import (security guide IMG-11). */
  badgeImageMaxBytes: 5 * 1024 * 1024,
} as const;

/** Caps that hold for every image the server reads or writes (baked badges, avatars, SVG). */
export const IMAGE_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxPayloadBytes: 1024 * 1024,
  maxChunks: 4096,
  maxTextChunks: 64,
  maxSide: 8192,
} as const;
