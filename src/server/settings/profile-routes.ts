import { z } from '@hono/zod-openapi';
import { nameField } from '../http/fields';
import { Hono } from 'hono';
import { CONFIG } from '../config';
import { signedInUser } from '../middleware/require-user';
import type { AppEnv } from '../context';
import { AppError } from '../errors';
import { ok } from '../http/envelope';
import { envelope, jsonBody, okReply } from '../http/openapi';
import { apiRouter } from '../middleware/router';
import { SIGNED_IN } from '../middleware/rules';
import {
  isCurrentProfileImage,
  profileSettings,
  removeProfileImage,
  saveProfile,
  uploadProfileImage,
} from './profile-service';

const P = '/Wallet/Setting/Profile';
const { router, route } = apiRouter(SIGNED_IN);
// The upload is a picture of up to 5 MB, base64-encoded: the only large body of the settings.
const upload = apiRouter({ ...SIGNED_IN, maxBody: CONFIG.verifyBodyMaxBytes });
const english = z
  .string()
  .trim()
  .max(CONFIG.names.englishMax)
  .regex(/^[\x20-\x7e]*$/)
  .nullable()
  .optional();
const profile = z.object({
  first_name: nameField,
  last_name: nameField,
  first_name_en: english,
  last_name_en: english,
  bio: z.string().max(CONFIG.descriptionMaxLength).nullable().optional(),
});

const getProfile = route({
  method: 'post',
  path: `${P}/Get`,
  tags: ['Settings'],
  summary: 'Profile: names, English names (for PDFs), profile message and picture',
  request: { body: jsonBody(z.object({ access_token: z.string().optional() })) },
  responses: okReply(
    'Profile',
    envelope.extend({
      first_name: z.string(),
      last_name: z.string(),
      first_name_en: z.string().nullable(),
      last_name_en: z.string().nullable(),
      bio: z.string().nullable(),
      profile_image: z.string().nullable(),
    }),
  ),
});
const setProfile = route({
  method: 'post',
  path: `${P}/Set`,
  tags: ['Settings'],
  summary: 'Save the profile',
  description: `Names 1-${CONFIG.names.max}; English names up to ${CONFIG.names.englishMax} Latin characters; message up to ${CONFIG.descriptionMaxLength}.`,
  request: { body: jsonBody(profile) },
  responses: okReply('Saved'),
});
const setImage = upload.route({
  method: 'post',
  path: `${P}/Image`,
  tags: ['Settings'],
  summary: 'Upload a profile picture (png, jpg or jpeg, base64; at most 5 MB; 250-3000 px each side)',
  description: 'E415104 not a png/jpeg, E413101 over 5 MB, E422104 dimensions. Metadata is removed.',
  request: { body: jsonBody(z.object({ image: z.string().max(7 * 1024 * 1024), file_name: z.string().max(255) })) },
  responses: okReply('Uploaded', envelope.extend({ profile_image: z.string().nullable() })),
});
const deleteImage = route({
  method: 'post',
  path: `${P}/Image/Delete`,
  tags: ['Settings'],
  summary: 'Remove the profile picture',
  request: { body: jsonBody(z.object({ access_token: z.string().optional() })) },
  responses: okReply('Removed'),
});

/** Profile settings (spec §2 /setting?menu=4). */
export const profileRoutes = router
  .openapi(getProfile, async (c) => {
    const p = await profileSettings(c.env.DB, signedInUser(c).accountId);
    if (!p) throw new AppError('E401100');
    return ok(c, p);
  })
  .openapi(setProfile, async (c) => {
    const b = c.req.valid('json');
    await saveProfile(c.env, signedInUser(c).accountId, {
      firstName: b.first_name,
      lastName: b.last_name,
      firstNameEn: b.first_name_en ?? null,
      lastNameEn: b.last_name_en ?? null,
      bio: b.bio ?? null,
    });
    return ok(c, {});
  })
  .openapi(deleteImage, async (c) => {
    await removeProfileImage(c.env, signedInUser(c).accountId);
    return ok(c, {});
  });

/** Uploading a profile picture. */
export const profileImageUploadRoutes = upload.router.openapi(setImage, async (c) => {
  const b = c.req.valid('json');
  return ok(c, { profile_image: await uploadProfileImage(c.env, signedInUser(c).accountId, b.image, b.file_name) });
});

/** GET …/Wallet/Public/ProfileImage/{account}/{image}: only the account's current picture, only while it is active. */
export const profileImageRoutes = new Hono<AppEnv>().get(
  '/Wallet/Public/ProfileImage/:account/:file{[A-Za-z0-9_-]+\\.(png|jpg)}',
  async (c) => {
    const account = c.req.param('account');
    const key = `avatars/${account}/${c.req.param('file')}`;
    if (!(await isCurrentProfileImage(c.env.DB, account, key))) throw new AppError('E404100');
    const obj = await c.env.BUCKET.get(key);
    if (!obj) throw new AppError('E404100');
    c.header('Content-Type', key.endsWith('.png') ? 'image/png' : 'image/jpeg');
    c.header('X-Content-Type-Options', 'nosniff');
    // Short: a deleted account's picture must not outlive it in caches for long (ACC-10, AV-06).
    c.header('Cache-Control', 'public, max-age=300');
    return c.body(obj.body);
  },
);
