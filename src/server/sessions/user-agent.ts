/**
 * Names the browser and the system of a User-Agent string for the sessions list, with a few rules
 * instead of a parser library: the list only needs "Firefox on Windows", and the order of the rules
 * matters because most browsers also claim to be Safari, Chrome or Mozilla. Anything unrecognised is
 * null (the page says "unknown"), never a guess.
 */
export interface DeviceLabel {
  browser: string | null;
  os: string | null;
  mobile: boolean;
}

/** Browser rules, most specific first (Edge and Opera say "Chrome"; Chrome says "Safari"). */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** System rules: iPhone/iPad before macOS (iPadOS may say "Macintosh"; then it reads as macOS). */
const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (ua: string, rules: [RegExp, string][]) => rules.find(([re]) => re.test(ua))?.[1] ?? null;

/** The browser and system a User-Agent names, or nulls. */
export function deviceLabel(userAgent: string | null | undefined): DeviceLabel {
  const ua = (userAgent ?? '').slice(0, 512);
  return { browser: first(ua, BROWSERS), os: first(ua, SYSTEMS), mobile: /\bMobi|\biPhone\b|\bAndroid\b/.test(ua) };
}
