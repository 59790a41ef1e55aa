import type { TestProject } from 'vitest/node';
import { startPortal } from '../../scripts/lib/portal.mjs';

/** The local portal as workerd tests see it (inject('portal')). */
export interface ProvidedPortal {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The wallet base the portal's client is registered for (the tests' PUBLIC_BASE_URL). */
  walletBase: string;
  /** `GET <captureUrl>/last?sid=<sid>`: the back-channel logout body (`logout_token=…`) the portal sent for that session. */
  captureUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A real OpenID provider (scripts/portal) registered for http://127.0.0.1:8787. */
    portal: ProvidedPortal;
  }
}

/**
 * The portal for the workerd tests, started on the Node side (the workerd pool cannot listen).
 * Back-channel logouts are captured (nothing listens on 127.0.0.1:8787 under vitest); tests may add
 * users with `POST <issuer>/__test/users` (bearer: the client secret, body: the user as JSON).
 */
export default async function setup(project: TestProject) {
  const portal = await startPortal({
    walletBases: ['http://127.0.0.1:8787'],
    captureBackchannel: true,
    testUsers: true,
  });
  project.provide('portal', {
    issuer: portal.issuer,
    clientId: portal.clientId,
    clientSecret: portal.clientSecret,
    walletBase: portal.walletBase,
    captureUrl: portal.captureUrl ?? '',
  });
  return () => portal.stop();
}
