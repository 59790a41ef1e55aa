import { describe, expect, it } from 'vitest';
import { address, data, hash32, objectOrNull, quantity, smallQuantity } from '../../src/server/chain/parse';
import { RpcError } from '../../src/server/chain/rpc';

const m = 'eth_test';
const refused = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return err instanceof RpcError && err.kind === 'malformed' ? err.message : `other: ${String(err)}`;
  }
  return 'accepted';
};

describe('strict readers of a chain node’s answers (issue 19)', () => {
  it('quantities are 0x hex without leading zeros, at most 256 bits', () => {
    expect(quantity('0x0', m)).toBe(0n);
    expect(quantity('0x1bc16d674ec80000', m)).toBe(2n * 10n ** 18n);
    for (const bad of ['0x', '0x01', '12', 12, null, '0xg', `0x1${'0'.repeat(64)}`, ' 0x1'])
      expect(refused(() => quantity(bad, m))).toMatch(/malformed: result is not valid/);
    expect(smallQuantity('0xaa36a7', m)).toBe(11155111);
    expect(refused(() => smallQuantity('0x20000000000000', m))).toMatch(/malformed/);
  });

  it('data, hashes and addresses have their exact shapes and are lower-cased', () => {
    expect(data('0xABcd', m)).toBe('0xabcd');
    expect(data('0x', m)).toBe('0x');
    expect(refused(() => data('0xabc', m))).toMatch(/malformed/);
    expect(refused(() => data(`0x${'00'.repeat(10)}`, m, 'input', 4))).toMatch(/input is not valid/);
    expect(hash32(`0x${'Ab'.repeat(32)}`, m)).toBe(`0x${'ab'.repeat(32)}`);
    expect(refused(() => hash32(`0x${'ab'.repeat(31)}`, m, 'hash'))).toMatch(/hash is not valid/);
    expect(address('0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266', m)).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
    expect(refused(() => address('0xdead', m))).toMatch(/malformed/);
  });

  it('objects are objects (or null where the method answers null for unknown)', () => {
    expect(objectOrNull(null, m)).toBeNull();
    expect(objectOrNull({ a: 1 }, m)).toEqual({ a: 1 });
    for (const bad of [[], 'x', 1, true]) expect(refused(() => objectOrNull(bad, m))).toMatch(/malformed/);
  });
});
