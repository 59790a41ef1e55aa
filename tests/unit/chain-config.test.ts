import { describe, expect, it } from 'vitest';
import { configProblems } from '../../src/server/system/config-check';
import { chainConfig } from '../../src/server/chain/config';
import { addressOf, signAnchor } from '../../src/server/chain/sign';
import { ANVIL_ADDRESS_0, ANVIL_KEY_0 } from '../../scripts/lib/anvil.mjs';
import { chainVars, localVars } from '../../scripts/lib/local-vars.mjs';

const production = {
  PUBLIC_BASE_URL: 'https://wallet.example.org',
  ENVIRONMENT: 'production',
  MAIL_TRANSPORT: 'smtp',
  MAIL_FROM: 'Lanyard <badges@example.org>',
  SMTP_HOST: 'smtp.example.org',
  KEY_ENCRYPTION_KEY: 'a2V5',
};
const chain = {
  CHAIN_RPC_URL: 'https://rpc.example.org',
  CHAIN_NETWORK: 'mainnet',
  CHAIN_CONFIRMATIONS: '5',
  CHAIN_PRIVATE_KEY: ANVIL_KEY_0,
};

describe('Blockcerts chain settings (issue 19)', () => {
  it('are optional; once CHAIN_RPC_URL is set, network, confirmations and key must be usable', () => {
    expect(configProblems(production)).toEqual([]);
    expect(configProblems({ ...production, ...chain })).toEqual([]);
    expect(configProblems({ ...production, ...chain, CHAIN_NETWORK: 'anvil' })[0]).toContain('CHAIN_NETWORK');
    expect(configProblems({ ...production, ...chain, CHAIN_CONFIRMATIONS: '0' })[0]).toContain('CHAIN_CONFIRMATIONS');
    expect(configProblems({ ...production, ...chain, CHAIN_PRIVATE_KEY: undefined })[0]).toContain('CHAIN_PRIVATE_KEY');
    expect(configProblems({ ...production, ...chain, CHAIN_PRIVATE_KEY: '0x' + '0'.repeat(64) })[0]).toContain(
      'CHAIN_PRIVATE_KEY',
    );
    expect(configProblems({ ...production, ...chain, CHAIN_RPC_URL: 'http://rpc.example.org' })[0]).toContain('https');
  });

  it('the local chain values pass, on Sepolia with anvil’s account 0', () => {
    const local = { ...localVars(8787), ...chainVars('http://127.0.0.1:8545') };
    expect(configProblems(local)).toEqual([]);
    expect(chainConfig(local)).toMatchObject({ network: 'sepolia', chainId: 11155111, confirmations: 1 });
    expect(addressOf(ANVIL_KEY_0)).toBe(ANVIL_ADDRESS_0.toLowerCase());
  });

  it('signs the anchor deterministically (RFC 6979), its hash being keccak of the raw bytes', () => {
    const tx = {
      chainId: 11155111,
      nonce: 7,
      maxPriorityFeePerGas: 10n ** 9n,
      maxFeePerGas: 3n * 10n ** 9n,
      root: 'ab'.repeat(32),
    };
    const a = signAnchor(tx, ANVIL_KEY_0);
    expect(signAnchor(tx, ANVIL_KEY_0)).toEqual(a);
    expect(a.raw.startsWith('0x02')).toBe(true);
    expect(a.raw).toContain('deaddeaddeaddeaddeaddeaddeaddeaddeaddead');
    expect(a.raw).toContain('ab'.repeat(32));
    expect(signAnchor({ ...tx, nonce: 8 }, ANVIL_KEY_0).hash).not.toBe(a.hash);
  });
});
