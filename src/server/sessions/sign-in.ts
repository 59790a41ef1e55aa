import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { DEFAULT_LANGUAGE, toLanguage } from '../../i18n/languages';
import { utcDateTime } from '../../lib/dates';
import { path } from '../../lib/paths';
import { cookieBase } from '../auth/cookies';
import { newId, sha256Hex } from '../auth/tokens';
import type { AppEnv } from '../context';
import type { BatchItem } from '../db/batch';
import { walletUrl } from '../http/wallet-url';
import type { OutboxJob } from '../outbox/jobs';
import { deviceRepo, infoMailOn } from './device-repo';
import { deviceText } from './labels';
import { newDeviceMail } from './new-device-mail';
import { placeLabel, placeOf } from './place';
import { translator } from '../http/translator';

/** The long-lived random cookie that makes a browser a "device" (issue 22). */
export const DEVICE_COOKIE = 'device';
/** 400 days: the longest lifetime browsers keep a cookie for (RFC 6265bis). */
const DEVICE_COOKIE_SECONDS = 400 * 86_400;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

/** Where the sessions list lives (the notification and the mail link to it). */
export const SESSIONS_PAGE = '/setting/sessions';

/**
 * What a sign-in adds to its batch (issue 22): the session's list columns (device, place, last seen),
 * the device recorded for the account and, when it is a device the account has not signed in from
 * before (and not the account's first), a notification and, with info mail on, a mail through the
 * outbox. A device is this browser's `device` cookie (a random 128-bit id, re-sent at every
 * sign-in, stored only as SHA-256 with the account id); without the cookie a browser is new.
 */
export async function deviceSignIn(
  c: Context<AppEnv>,
  accountId: string,
  tokenHash: string,
  now: number,
): Promise<{ statements: BatchItem[]; jobs: OutboxJob[] }> {
  const sent = getCookie(c, DEVICE_COOKIE);
  const deviceId = sent && DEVICE_ID.test(sent) ? sent : newId();
  setCookie(c, DEVICE_COOKIE, deviceId, { ...cookieBase(c.env), maxAge: DEVICE_COOKIE_SECONDS });
  const deviceHash = await sha256Hex(`${accountId}\n${deviceId}`);
  const repo = deviceRepo(c.env.DB);
  const userAgent = c.req.header('user-agent')?.slice(0, 512) ?? null;
  const place = placeOf(c.req.raw, c.env.ENVIRONMENT === 'production');
  const statements: BatchItem[] = [
    repo.describe(tokenHash, { publicId: newId(), userAgent, ...place }, deviceHash, now),
    repo.remember(accountId, deviceHash, tokenHash, now),
  ];
  const check = await repo.check(accountId, deviceHash);
  if (!check || check.known || !check.anyKnown) return { statements, jobs: [] };
  const lang = toLanguage(check.language) ?? DEFAULT_LANGUAGE;
  const t = await translator(c.env, lang);
  const device = deviceText(userAgent, t);
  const where = placeLabel(place, lang);
  const isNew = repo.isNewDevice(accountId, deviceHash, tokenHash);
  statements.push(
    repo.notify(
      accountId,
      where ? 'notifications.new_device' : 'notifications.new_device_no_place',
      where ? { device, place: where } : { device },
      path(SESSIONS_PAGE),
      now,
      isNew,
    ),
  );
  if (!check.email || !check.infoMail) return { statements, jobs: [] };
  // As the sessions list writes it: the account's language and calendar, in UTC (src/lib/dates.ts).
  const time = t('common.time_utc', { time: utcDateTime(lang).format(new Date(now)) });
  const mail = newDeviceMail(check.email, t, { device, place: where, time }, walletUrl(c.env, SESSIONS_PAGE));
  const info = infoMailOn(accountId);
  const onlyIf = { sql: `${isNew.sql} AND ${info.sql}`, params: [...isNew.params, ...info.params] };
  return { statements, jobs: [{ kind: 'mail', payload: mail, onlyIf }] };
}
