import { describe, expect, it } from 'vitest';
import { relyingParty } from '../../src/server/passkeys/rp';

describe('the WebAuthn relying party (issue 22)', () => {
  it('is the public origin: its host name is the RP id', () => {
    expect(relyingParty({ PUBLIC_BASE_URL: 'https://wallet.example.org' })).toEqual({
      id: 'wallet.example.org',
      origin: 'https://wallet.example.org',
      name: 'Lanyard',
    });
    expect(relyingParty({ PUBLIC_BASE_URL: 'https://wallet.example.org:8443/some/path' }).origin).toBe(
      'https://wallet.example.org:8443',
    );
  });

  it('turns a loopback IP into localhost on the same port (an IP cannot be an RP id)', () => {
    expect(relyingParty({ PUBLIC_BASE_URL: 'http://127.0.0.1:8787' })).toMatchObject({
      id: 'localhost',
      origin: 'http://localhost:8787',
    });
    expect(relyingParty({ PUBLIC_BASE_URL: 'http://[::1]:4321' })).toMatchObject({
      id: 'localhost',
      origin: 'http://localhost:4321',
    });
    // Other addresses are left alone (and will not work as an RP id: a public wallet has a name).
    expect(relyingParty({ PUBLIC_BASE_URL: 'http://192.0.2.1' }).id).toBe('192.0.2.1');
  });
});
