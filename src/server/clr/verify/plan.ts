import type { Ob3Deps } from '../../ob3/verify/deps';
import { checkOb3Dates } from '../../ob3/verify/steps/checkOb3Dates';
import { checkOb3Endorsements } from '../../ob3/verify/steps/checkOb3Endorsements';
import { checkOb3Jwt } from '../../ob3/verify/steps/checkOb3Jwt';
import { checkOb3KeyOwner } from '../../ob3/verify/steps/checkOb3KeyOwner';
import { checkOb3Proof } from '../../ob3/verify/steps/checkOb3Proof';
import { checkOb3Recipient } from '../../ob3/verify/steps/checkOb3Recipient';
import { checkOb3Status } from '../../ob3/verify/steps/checkOb3Status';
import { resolveOb3Key } from '../../ob3/verify/steps/resolveOb3Key';
import type { Step } from '../../verdict/step';
import type { ClrFacts } from './facts';
import { checkClrContext } from './steps/checkClrContext';
import { checkClrJsonLd } from './steps/checkClrJsonLd';
import { checkClrNested } from './steps/checkClrNested';
import { checkClrRecord } from './steps/checkClrRecord';
import { checkClrSchema } from './steps/checkClrSchema';
import { checkClrType } from './steps/checkClrType';
import { readClrCredential } from './steps/readClrCredential';

/**
 * CLR 2.0 (issue 38), in the report's order: the record (JSON or VC-JWT, within CLR_LIMITS) and its
 * data model (contexts, type, schema, the CLR's own structure); then, as for OB 3.0, issued by (key,
 * proof or JWT), JSON-LD over the whole record (proven by the proof's canonicalization when it
 * verified: checkClrJsonLd), whose key it is, the dates, awarded to and the status, all of the record
 * itself; beside the four items its endorsements and its nested credentials, each on its own.
 */
export const CLR_PLAN: readonly Step<ClrFacts, Ob3Deps>[] = [
  readClrCredential,
  checkClrContext,
  checkClrType,
  checkClrSchema,
  checkClrRecord,
  resolveOb3Key,
  checkOb3Proof,
  checkOb3Jwt,
  checkClrJsonLd,
  checkOb3KeyOwner,
  checkOb3Dates,
  checkOb3Recipient,
  checkOb3Status,
  checkOb3Endorsements,
  checkClrNested,
];
