import type { Step } from '../../verdict/step';
import type { Ob3Deps } from './deps';
import type { Ob3Facts } from './facts';
import { checkOb3Context } from './steps/checkOb3Context';
import { checkOb3Dates } from './steps/checkOb3Dates';
import { checkOb3Endorsements } from './steps/checkOb3Endorsements';
import { checkOb3JsonLd } from './steps/checkOb3JsonLd';
import { checkOb3Jwt } from './steps/checkOb3Jwt';
import { checkOb3KeyOwner } from './steps/checkOb3KeyOwner';
import { checkOb3Proof } from './steps/checkOb3Proof';
import { checkOb3Recipient } from './steps/checkOb3Recipient';
import { checkOb3Schema } from './steps/checkOb3Schema';
import { checkOb3Status } from './steps/checkOb3Status';
import { checkOb3Type } from './steps/checkOb3Type';
import { readOb3Credential } from './steps/readOb3Credential';
import { resolveOb3Key } from './steps/resolveOb3Key';

/**
 * Open Badges 3.0 (issue 21), in the report's order: the credential (JSON, VC-JWT, baked or at a
 * URL) and its data model (contexts, type, JSON-LD, JSON Schema); issued by (the proof's key, the
 * proofs or the JWT, whose key it is, the status lists); issued on and expires on (one date step,
 * as VC dates are one pair); awarded to; and endorsements beside the four items.
 */
export const OB3_PLAN: readonly Step<Ob3Facts, Ob3Deps>[] = [
  readOb3Credential,
  checkOb3Context,
  checkOb3Type,
  checkOb3JsonLd,
  checkOb3Schema,
  resolveOb3Key,
  checkOb3Proof,
  checkOb3Jwt,
  checkOb3KeyOwner,
  checkOb3Dates,
  checkOb3Recipient,
  checkOb3Status,
  checkOb3Endorsements,
];
