import { profileImageUrl } from '../../lib/profile-image';
import { newId } from '../auth/tokens';
import { AppError } from '../errors';
import { commitWithJobs } from '../outbox/commit';
import type { OutboxJob } from '../outbox/jobs';
import { inspectAvatar } from './avatar-image';
import { profileRepo, type ProfileInput } from './profile-repo';

/** The removal of stored pictures nothing points to any more, as outbox jobs. */
const removal = (...keys: (string | null)[]): OutboxJob[] => {
  const found = keys.filter((k): k is string => k !== null);
  return found.length ? [{ kind: 'delete_objects', payload: { keys: found } }] : [];
};

const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/**
 * The profile settings of an active account in the API's field names (spec §4), as the Get call
 * answers them and the settings page fills its form; null for an account that is not active.
 */
export async function profileSettings(d1: D1Database, accountId: string) {
  const p = await profileRepo(d1).get(accountId);
  if (!p) return null;
  return {
    first_name: p.firstName,
    last_name: p.lastName,
    first_name_en: p.firstNameEn,
    last_name_en: p.lastNameEn,
    bio: p.bio,
    profile_image: profileImageUrl(accountId, p.profileImageKey),
  };
}

/** Whether `key` is the current picture of an active account: only that one is served publicly. */
export const isCurrentProfileImage = async (d1: D1Database, accountId: string, key: string) =>
  (await profileRepo(d1).currentImage(accountId, key)) !== null;

/** Saves the profile's names and bio; blank optional fields are stored as absent. */
export async function saveProfile(env: Env, accountId: string, input: ProfileInput) {
  await profileRepo(env.DB).save(
    accountId,
    {
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      firstNameEn: blankToNull(input.firstNameEn),
      lastNameEn: blankToNull(input.lastNameEn),
      bio: blankToNull(input.bio),
    },
    Date.now(),
  );
}

/**
 * A new profile picture (spec §5, AV-01..06): checked from its header, stripped of metadata, stored
 * under a new key; the row is switched to it, and in the same batch an outbox job removes the old
 * object (the old URL answers 404 at once, since only the current key is served).
 */
export async function uploadProfileImage(env: Env, accountId: string, base64: string, fileName: string) {
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  } catch {
    throw new AppError('E415104');
  }
  const found = inspectAvatar(bytes, fileName);
  if (found === 'type') throw new AppError('E415104');
  if (found === 'size') throw new AppError('E413101');
  if (found === 'dimensions') throw new AppError('E422104');
  const repo = profileRepo(env.DB);
  const previous = (await repo.get(accountId))?.profileImageKey ?? null;
  const key = `avatars/${accountId}/${newId()}.${found.type === 'png' ? 'png' : 'jpg'}`;
  await env.BUCKET.put(key, found.clean, { httpMetadata: { contentType: `image/${found.type}` } });
  // Whether or not this swap wins, `previous` is no longer the picture (keys are never reused).
  const [swapped] = await commitWithJobs(
    env,
    [repo.swapImage(accountId, previous, key, Date.now())],
    removal(previous),
  );
  if (swapped?.results.length !== 1) {
    // Another upload won meanwhile: this one is not kept.
    await commitWithJobs(env, [], removal(key));
    throw new AppError('E409113');
  }
  return profileImageUrl(accountId, key);
}

/** Removes the profile picture; the stored object goes in an outbox job of the same batch. */
export async function removeProfileImage(env: Env, accountId: string) {
  const repo = profileRepo(env.DB);
  const previous = (await repo.get(accountId))?.profileImageKey ?? null;
  if (!previous) return;
  await commitWithJobs(env, [repo.swapImage(accountId, previous, null, Date.now())], removal(previous));
}
