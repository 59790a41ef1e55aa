import type { CDPSession, Page } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import config from '../../playwright.config';

/**
 * Launch options for a Chromium whose fontconfig knows only DejaVu (no CJK, Thai or Bengali face):
 * on such a browser any non-Latin glyph on screen must come from the bundled web fonts (issue 24,
 * no tofu). Specs pass it to `test.use({ launchOptions: dejaVuOnly() })`.
 */
export function dejaVuOnly() {
  const dir = mkdtempSync(join(tmpdir(), 'lanyard-fonts-'));
  writeFileSync(
    join(dir, 'fonts.conf'),
    `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>` +
      `<dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>${dir}/cache</cachedir></fontconfig>`,
  );
  return {
    ...config.use?.launchOptions,
    env: { ...process.env, FONTCONFIG_FILE: join(dir, 'fonts.conf') } as Record<string, string>,
  };
}

/** The web font family each language's own script is drawn with (null: Latin, DejaVu suffices). */
export const SCRIPT_FAMILY: Record<string, string | null> = {
  en: null,
  id: null,
  vi: null,
  ja: 'Noto Sans JP',
  ko: 'Noto Sans KR',
  'zh-cn': 'Noto Sans SC',
  'zh-tw': 'Noto Sans TC',
  th: 'Noto Sans Thai',
  'bn-BD': 'Noto Sans Bengali',
};

/**
 * The font families whose faces drew an element's text, its own and its descendants' (what a person
 * sees: a Thai text may sit in word spans, issue 35), web fonts marked "(web)".
 */
export async function drawnWith(target: Page | CDPSession, selector: string): Promise<string[]> {
  const cdp = 'send' in target ? target : await target.context().newCDPSession(target);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId, selector: '*' });
  const drawn = new Set<string>();
  for (const id of [nodeId, ...nodeIds]) {
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId: id });
    for (const f of fonts) drawn.add(`${f.familyName}${f.isCustomFont ? ' (web)' : ''}`);
  }
  return [...drawn];
}
