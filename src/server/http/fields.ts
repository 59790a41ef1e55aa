import { z } from '@hono/zod-openapi';
import { asciiEmailDomain } from '../../lib/email';
import { hasControlCharacters } from '../../lib/plain-text';
import { CONFIG } from '../config';

/** The field error a refused control character gets: its own translated message (DATA-20). */
const PLAIN = { params: { key: 'validation.control_characters' } };
const plain = (value: string) => !hasControlCharacters(value);

/**
 * The request fields several routes share, so each rule is written once. A name is plain text;
 * a password too, on every route that takes one (a control character could never have been set,
 * and a lone surrogate would hash like U+FFFD).
 */
export const nameField = z.string().trim().min(1).max(CONFIG.names.max).refine(plain, PLAIN);

/** Required plain text of at most `max` characters (issuers' names and titles: DATA-05). */
export const plainText = (max: number) => z.string().trim().min(1).max(max).refine(plain, PLAIN);
export const passwordField = z.string().min(1).max(256).refine(plain, PLAIN);

/**
 * An email address; an internationalised domain is accepted and arrives in punycode (ACC-02), so
 * "user@bücher.example" and "user@xn--bcher-kva.example" are one address everywhere after this.
 */
export const emailField = z.string().trim().max(254).transform(asciiEmailDomain).pipe(z.email().max(254));
