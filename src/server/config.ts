import { CONFIG_LIMITS } from '../lib/limits';
import { TERMS_VERSION } from '../terms/versions';
import pkg from '../../package.json';
import { LAZY_CHUNK_TIMEOUT_MS } from '../lib/constants';
import { BASE_PATH } from '../lib/paths';

/**
 * The one config module: every business constant of spec §9 and every limit the spec leaves to
 * us ("not shown"), so a change is made in one place and the tests read the same numbers.
 */
export const CONFIG = {
  releaseVersion: pkg.version,
  basePath: BASE_PATH,
  apiPrefix: '/api/v1.0/openbadge/v2',
  /** Lazy screen chunk load timeout (spec §9). */
  lazyChunkTimeoutMs: LAZY_CHUNK_TIMEOUT_MS,
  cookies: {
    sessionSeconds: 24 * 60 * 60,
    languageSeconds: 7 * 24 * 60 * 60,
  },
  password: { min: 8, max: 20, historyBlocked: 4 },
  /**
   * Argon2id's cost: `full` is the security guide's fixed decision (m = 19 MiB, t = 2, p = 1; OWASP's
   * minimum; about 25 ms of a core), for every configuration but the test runs; `test` (64 KiB, one
   * pass; under a millisecond) for PASSWORD_HASH_COST=test, outside production only (issue 34, item 3).
   */
  passwordHash: {
    full: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
    test: { memoryCost: 64, timeCost: 1, parallelism: 1 },
  },
  login: { lockoutThreshold: 5, lockoutMinutes: 30 },
  /**
   * Emailed links: activation (provisional registration), password reset (spec: 1 hour), and an added
   * address's verification link (it travels with the code; 256 random bits, so it may live longer),
   * and every mail's reception-settings link (a one-click unsubscribe should outlive a mail's reading).
   */
  links: { activationHours: 24, resetMinutes: 60, resetPerHour: 3, emailVerifyHours: 24, receptionDays: 60 },
  termsVersion: TERMS_VERSION,
  code: { digits: 6, maxAttempts: 5, ttlMinutes: 10, maxPerHour: 5 },
  names: { max: CONFIG_LIMITS.nameMax, englishMin: 1, englishMax: 30 },
  descriptionMaxLength: 500,
  profileImage: { maxBytes: 5 * 1024 * 1024, minPx: 250, maxPx: 3000 },
  pageSizes: { badges: 20, skills: 20, issuers: 20, notifications: 20, boardModal: 40, certificates: 20 },
  search: { debounceMs: 500, overviewPerSection: 3, skillCountCap: 999, pageButtons: 7, maxWords: 10 },
  receiptHours: 24,
  /** Issuing: receive links in award mails, and how awards are split so no request runs long. */
  award: { receiveLinkDays: 30, maxRecipients: 1000, syncLimit: 20, chunkSize: 50 },
  claimableReminderHideHours: 24,
  grayscaleImagePx: 130,
  serviceCountries: [1, 2, 3, 4, 5, 6, 7] as const,
  /** Request bodies: JSON calls are small; uploads declare their own larger cap. */
  jsonBodyMaxBytes: 256 * 1024,
  /** Public/Verification may carry a baked image of up to 5 MB, base64 (IMG-11). */
  verifyBodyMaxBytes: 7 * 1024 * 1024,
  copyrightFromYear: 2020,
  /**
   * Passkeys (issue 22): a WebAuthn challenge answers within 5 minutes and once; at most 20 passkeys
   * per account; a passkey's name is 1-64 characters.
   */
  passkeys: { challengeMinutes: 5, maxPerAccount: 20, nameMax: 64 },
} as const;

// The maintenance window (spec §2, §9) is the operator's: MAINTENANCE_WINDOW, read per request
// (src/server/maintenance/window.ts); its default is the spec's, in src/lib/maintenance.ts.

export type ServiceCountry = (typeof CONFIG.serviceCountries)[number];
