import type { Hono } from 'hono';
import { BASE_PATH } from '../../lib/paths';
import { CONFIG } from '../config';
import type { AppEnv } from '../context';
import { limitBody } from '../middleware/body-limit';
import { acadDocForm } from './acaddoc-form';
import { heldRecordForm } from './held-record-form';
import { badgeDownloadForm } from './badge-download-form';
import { reminderForm } from './reminder-form';
import { appsForm } from './apps-form';
import { sessionsForm } from './sessions-form';
import { exportForm } from './export-form';
import { IMPORT_FORM_MAX } from '../export/import';
import { emailVerifyForm } from './email-verify-form';
import { mailPrefsForm } from './mail-prefs-form';
import { activateForm, receiveForm } from './link-forms';
import { loginForm } from './login-form';
import { pageForm } from '../middleware/page-form';
import { forgotForm, resetForm } from './password-forms';
import { REGISTER_KEPT, registerForm } from './register-form';
import { termsForm } from './terms-form';

/**
 * The pages whose forms work before (and without) JavaScript (issue 25): each posts to its own page;
 * the handler answers a 303, or leaves its state and lets the page render the answer. Mounted
 * before the pages, after the session is loaded; bodies are capped like the JSON calls'.
 */
export function mountPageForms(app: Hono<AppEnv>): void {
  const at = (route: string) => `${BASE_PATH}${route}`;
  const limit = limitBody(CONFIG.jsonBodyMaxBytes);
  app.post(at('/login'), limit, pageForm('login', ['email'], loginForm));
  app.post(at('/createaccount'), limit, pageForm('register', REGISTER_KEPT, registerForm));
  app.post(at('/password/forgot'), limit, pageForm('forgot', ['email'], forgotForm('/password/forgot')));
  app.post(at('/password/initial'), limit, pageForm('forgot', ['email'], forgotForm('/password/initial')));
  app.post(at('/password/reset/:token'), limit, pageForm('reset', [], resetForm));
  app.post(at('/activation/:token'), limit, pageForm('activate', [], activateForm));
  app.post(at('/receive/:token'), limit, pageForm('receive', [], receiveForm));
  app.post(at('/terms'), limit, pageForm('terms', [], termsForm));
  app.post(at('/acaddocs/detail/:id'), limit, pageForm('acaddoc', [], acadDocForm));
  // Issue 38: a learner record held from elsewhere (publish, remove, download as received).
  app.post(at('/acaddocs/records/:id'), limit, pageForm('record', [], heldRecordForm));
  // Issue 35: a badge's downloads, before its island hydrates (a received and an imported badge).
  app.post(at('/assertions/detail/:id'), limit, pageForm('download', [], badgeDownloadForm));
  app.post(at('/assertions/host/detail/:id'), limit, pageForm('download', [], badgeDownloadForm));
  app.post(at('/assertions/unaccepted-detail/:id'), limit, pageForm('download', [], badgeDownloadForm));
  app.post(at('/assertions'), limit, pageForm('reminder', [], reminderForm));
  app.post(at('/email/verification/:token'), limit, pageForm('emailverify', [], emailVerifyForm));
  app.post(at('/verify/emailnotification'), limit, pageForm('mailprefs', [], mailPrefsForm));
  // Issue 21: settings, connected apps (the OB 3.0 API's consents).
  app.post(at('/setting/apps'), limit, pageForm('apps', [], appsForm));
  // Issue 22: settings, signed-in sessions (sign out one, or everywhere else).
  app.post(at('/setting/sessions'), limit, pageForm('sessions', [], sessionsForm));
  // Issue 22: settings, whole-wallet export and import (the import form carries the ZIP itself).
  app.post(at('/setting/export'), limitBody(IMPORT_FORM_MAX), pageForm('export', [], exportForm));
}
