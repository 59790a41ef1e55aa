import { sha256 } from '@noble/hashes/sha2.js';

/** One step of a Merkle path: the sibling hash and the side it is on. */
export type PathStep = { left: Uint8Array } | { right: Uint8Array };

/** Index into a tree level the loops below keep in range. */
function at(level: Uint8Array[], i: number): Uint8Array {
  const node = level[i];
  if (!node) throw new RangeError('Merkle index out of range');
  return node;
}

function parent(left: Uint8Array, right: Uint8Array): Uint8Array {
  const buf = new Uint8Array(left.length + right.length);
  buf.set(left, 0);
  buf.set(right, left.length);
  return sha256(buf);
}

/**
 * The Merkle tree of a batch, with the rules of blockcerts-merkletools (cert-issuer): leaves in
 * batch order, parent = sha256(left || right) on raw bytes, an odd last node promoted unchanged.
 * Returns the root and, per leaf, its path from the leaf upwards (promoted levels add no step).
 */
export function merkleTree(leaves: Uint8Array[]): { root: Uint8Array; paths: PathStep[][] } {
  if (leaves.length === 0) throw new RangeError('a Merkle tree needs at least one leaf');
  const levels: Uint8Array[][] = [leaves];
  for (let cur = leaves; cur.length > 1;) {
    const next: Uint8Array[] = [];
    for (let i = 0; i + 1 < cur.length; i += 2) next.push(parent(at(cur, i), at(cur, i + 1)));
    if (cur.length % 2 === 1) next.push(at(cur, cur.length - 1));
    levels.push(next);
    cur = next;
  }
  const paths = leaves.map((_, leafIndex) => {
    const path: PathStep[] = [];
    let index = leafIndex;
    for (const level of levels.slice(0, -1)) {
      const promoted = index === level.length - 1 && level.length % 2 === 1;
      if (!promoted) path.push(index % 2 === 1 ? { left: at(level, index - 1) } : { right: at(level, index + 1) });
      index = Math.floor(index / 2);
    }
    return path;
  });
  return { root: at(levels[levels.length - 1] ?? [], 0), paths };
}

/** The root a leaf and its path fold to (ensureValidReceipt in the reference verifier). */
export function merkleRootOf(leaf: Uint8Array, path: PathStep[]): Uint8Array {
  let h = leaf;
  for (const step of path) h = 'left' in step ? parent(step.left, h) : parent(h, step.right);
  return h;
}
