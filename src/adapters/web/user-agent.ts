/** A browser and system as the list of signed-in browsers names them, read from a User-Agent header. */
export interface BrowserName {
  browser: string;
  system: string;
}

// Order matters: Edge and Opera say "Chrome", Chrome says "Safari", and Android says "Linux".
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/u, 'Edge'],
  [/\b(?:OPR|Opera)\/(\d+)/u, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/u, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/u, 'Firefox'],
  [/(?:Chrome|CriOS|Chromium)\/(\d+)/u, 'Chrome'], // HeadlessChrome too
  [/\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//u, 'Safari'],
  [/\bcurl\/(\d+)/u, 'curl'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/u, 'iOS'],
  [/\bAndroid\b/u, 'Android'],
  [/\bCrOS\b/u, 'ChromeOS'],
  [/\bWindows\b/u, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/u, 'macOS'],
  [/\bLinux\b/u, 'Linux'],
];

/** The browser (with its major version) and the system of a User-Agent; "Unknown browser", "unknown system" otherwise. */
export function browserName(userAgent: string | null): BrowserName {
  const ua = userAgent ?? '';
  let browser = 'Unknown browser';
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = `${name} ${match[1] ?? ''}`.trim();
      break;
    }
  }
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? 'unknown system';
  return { browser, system };
}
