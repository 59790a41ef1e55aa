import { z } from '@hono/zod-openapi';
import { emailField, nameField, passwordField } from '../http/fields';

/*
 * The request bodies of the account calls, shared by the JSON API and the pages' form posts
 * (issue 25), so both refuse the same input with the same field errors.
 */

const token = z.string().min(20).max(128);

/** Login step 1: the address only. */
export const loginEmailBody = z.object({ email: emailField });

/** Login step 2: the address and the password. */
export const loginBody = z.object({ email: emailField, password: passwordField });

/** Registration step 2 (the provisional registration). */
export const createAccountBody = z.object({
  email: emailField,
  first_name: nameField,
  last_name: nameField,
  password: passwordField,
  confirm_password: passwordField,
  agree_term_of_service: z.literal(true),
  service_country: z.number().int().min(1).max(7).default(1),
});

/** Activation from the mailed link. */
export const activateBody = z.object({ token });

/** Forgotten password: the address the link goes to. */
export const forgotBody = z.object({ email: emailField });

/** New password from a mailed link. */
export const resetBody = z.object({ token, password: passwordField, confirm_password: passwordField });

/** Agreement to the terms in force. */
export const termsBody = z.object({ access_token: z.string().optional(), agree_term_of_service: z.literal(true) });

/** Login's second step (issue 22): a 6-digit app code or a recovery code (dashes and spaces allowed). */
export const secondStepBody = z.object({ code: z.string().trim().min(6).max(32) });
