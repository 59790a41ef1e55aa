import { ob3Issuing } from '../ob3/issue';
import type { IssuedCredential } from './credentials';

/** The signed OB 3.0 credential of an award made here: issuing's (shared contract, issue 21). */
export const issuedCredential: IssuedCredential = ob3Issuing.credential;
