import type { CDPSession, Page } from '@playwright/test';

/**
 * Chromium's virtual authenticator (CDP WebAuthn domain) as the phone or password manager: a
 * platform authenticator that keeps discoverable passkeys and verifies the user (fingerprint "yes");
 * `synced`: its passkeys are backed up, as a password manager's are (BE and BS flags).
 */
export async function virtualAuthenticator(page: Page, synced = false) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
      defaultBackupEligibility: synced,
      defaultBackupState: synced,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}
