import type { VerifyDeps } from '../../verdict/deps';

/** OB 3.0 reads documents only through the shared source; its steps ask nothing more of the world. */
export type Ob3Deps = VerifyDeps;

/** What key resolution needs: where documents are read, and this Worker's own address. */
export type KeyDeps = Pick<VerifyDeps, 'env' | 'src'>;
