import { profileImageUrl } from '../../lib/profile-image';
import { newId } from '../auth/tokens';
import { AppError } from '../errors';
import { inspectAvatar } from './avatar-image';
import { profileRepo, type ProfileInput } from './profile-repo';

const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

export async function saveProfile(env: Env, accountId: string, input: ProfileInput) {
  await profileRepo(env.DB).save(
    accountId,
    {
      first_name: input.first_name.trim(),
      last_name: input.last_name.trim(),
      first_name_en: blankToNull(input.first_name_en),
      last_name_en: blankToNull(input.last_name_en),
      bio: blankToNull(input.bio),
    },
    Date.now(),
  );
}

/**
 * A new profile picture (spec §5, AV-01..06): checked from its header, stripped of metadata, stored
 * under a new key; the row is switched to it and then the old object is deleted.
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
  const previous = (await repo.get(accountId))?.profile_image_key ?? null;
  const key = `avatars/${accountId}/${newId()}.${found.type === 'png' ? 'png' : 'jpg'}`;
  await env.BUCKET.put(key, found.clean, { httpMetadata: { contentType: `image/${found.type}` } });
  if (!(await repo.swapImage(accountId, previous, key, Date.now()))) {
    // Another upload won meanwhile: this one is not kept.
    await env.BUCKET.delete(key);
    throw new AppError('E409113');
  }
  if (previous) await env.BUCKET.delete(previous);
  return profileImageUrl(accountId, key);
}

export async function removeProfileImage(env: Env, accountId: string) {
  const repo = profileRepo(env.DB);
  const previous = (await repo.get(accountId))?.profile_image_key ?? null;
  if (!previous) return;
  if (await repo.swapImage(accountId, previous, null, Date.now())) await env.BUCKET.delete(previous);
}
