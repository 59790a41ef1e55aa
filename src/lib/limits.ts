/**
 * Limits the forms mirror from the server's configuration (src/server/config.ts reads the same
 * values), kept here because client bundles must not import server modules.
 */
export const CONFIG_LIMITS = {
  /** First and last name, in characters (spec §5: "a parameter"). */
  nameMax: 50,
} as const;
