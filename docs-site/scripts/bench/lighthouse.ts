/**
 * Lighthouse (npm) with Debian's Chromium against the built site served on loopback, mobile
 * (Lighthouse's default: Moto G emulation, simulated 4× CPU and slow 4G) and desktop. Each page
 * and form factor is measured `runs` times and the median run by performance is kept, because
 * scores move with the load of a shared machine.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../test/support/browser-env';
import { startStaticServer } from '../static-server';

export type FormFactor = 'mobile' | 'desktop';
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface Measure {
  page: string;
  formFactor: FormFactor;
  scores: Record<Category, number>;
  /** Performance score of every run, lowest first. */
  performanceRuns: number[];
  /** JavaScript transferred during the load (Lighthouse does not interact with the page). */
  scriptBytes: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

interface LighthouseResult {
  lhr: {
    categories: Record<string, { score: number | null }>;
    audits: Record<
      string,
      { numericValue?: number; details?: { items?: Array<Record<string, unknown>> } }
    >;
  };
  report: string | string[];
}

type Lighthouse = (
  url: string,
  flags: Record<string, unknown>,
  config?: unknown,
) => Promise<LighthouseResult | undefined>;

function scriptBytes(result: LighthouseResult): number {
  const items = result.lhr.audits['network-requests']?.details?.items ?? [];
  return items
    .filter((item) => item['resourceType'] === 'Script')
    .reduce((sum, item) => sum + Number(item['transferSize'] ?? 0), 0);
}

function measure(page: string, formFactor: FormFactor, result: LighthouseResult): Measure {
  const score = (category: Category) =>
    Math.round((result.lhr.categories[category]?.score ?? 0) * 100);
  const audit = (id: string) => result.lhr.audits[id]?.numericValue ?? NaN;
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) as Record<
    Category,
    number
  >;
  return {
    page,
    formFactor,
    scores,
    performanceRuns: [scores.performance],
    scriptBytes: scriptBytes(result),
    fcp: Math.round(audit('first-contentful-paint')),
    lcp: Math.round(audit('largest-contentful-paint')),
    tbt: Math.round(audit('total-blocking-time')),
    cls: audit('cumulative-layout-shift'),
  };
}

export async function runLighthouse(options: {
  publicDir: string;
  pages: readonly string[];
  formFactors: readonly FormFactor[];
  runs: number;
  reportDir: string;
  onMeasure?: (measure: Measure) => void;
}): Promise<Measure[]> {
  const lighthouse = (await import('lighthouse')).default as unknown as Lighthouse;
  const desktopConfig = (await import('lighthouse/core/config/desktop-config.js')).default;
  const server = await startStaticServer(options.publicDir);
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  mkdirSync(options.reportDir, { recursive: true });
  const medians: Measure[] = [];
  try {
    for (const page of options.pages) {
      for (const formFactor of options.formFactors) {
        const runs: Measure[] = [];
        for (let run = 1; run <= options.runs; run += 1) {
          const result = await lighthouse(
            server.url + page,
            {
              port: chrome.port,
              output: ['html', 'json'],
              logLevel: 'error',
              onlyCategories: [...CATEGORIES],
            },
            formFactor === 'desktop' ? desktopConfig : undefined,
          );
          if (result === undefined) throw new Error(`Lighthouse returned nothing for ${page}`);
          runs.push(measure(page, formFactor, result));
          const name = `${page === '/' ? 'home' : page.replaceAll('/', '-').replace(/^-|-$/g, '')}-${formFactor}-${run}`;
          const [html, json] = result.report as string[];
          writeFileSync(path.join(options.reportDir, `${name}.html`), html ?? '');
          writeFileSync(path.join(options.reportDir, `${name}.json`), json ?? '');
        }
        runs.sort((a, b) => a.scores.performance - b.scores.performance);
        const median = runs[Math.floor(runs.length / 2)]!;
        median.performanceRuns = runs.map((r) => r.scores.performance);
        medians.push(median);
        options.onMeasure?.(median);
      }
    }
  } finally {
    chrome.kill();
    await server.close();
  }
  return medians;
}
