// Baking a ~256 KB PNG: the time bake() takes (chunk walk, CRC checks, one new iTXt chunk).
import { bake } from '../src/server/openbadges/baking';
import { makePng } from './png.mjs';

const png = new Uint8Array(makePng(256 * 1024));
const json = JSON.stringify({
  '@context': 'https://w3id.org/openbadges/v2',
  type: 'Assertion',
  id: 'https://wallet.example/a/1',
  pad: 'x'.repeat(1500),
});
for (let i = 0; i < 50; i++) bake(png, { verify: 'https://wallet.example/a/1', json });
const times: number[] = [];
for (let i = 0; i < 500; i++) {
  const t = performance.now();
  bake(png, { verify: 'https://wallet.example/a/1', json });
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
const pct = (p: number) => (times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0).toFixed(2);
console.log(JSON.stringify({ name: `bake ${(png.length / 1024).toFixed(0)} KB PNG`, p50: pct(50), p99: pct(99) }));
