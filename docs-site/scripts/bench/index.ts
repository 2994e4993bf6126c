/**
 * `npm run bench:docs`: a clean build of the docs site, timed (with Gatsby's slowest steps),
 * then Lighthouse on /, /docs/intro/ and /api/, mobile and desktop (median of RUNS runs,
 * default 3), with the machine's load average before and after. Exits 1 when a figure misses
 * the budget below (issue 16). BENCH_SKIP_BUILD=1 measures the site already in public/.
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { timeDocsBuild, type BuildTiming } from './build';
import { runLighthouse, type FormFactor, type Measure } from './lighthouse';

/** BENCH_PAGES=/api/ (comma-separated) measures only those pages. */
const PAGES = process.env['BENCH_PAGES']?.split(',') ?? ['/', '/docs/intro/', '/api/'];
const FORM_FACTORS: readonly FormFactor[] = ['mobile', 'desktop'];
const RUNS = Number(process.env['RUNS'] ?? 3);
const PUBLIC_DIR = path.join(__dirname, '../../public');
const REPORT_DIR = path.join(__dirname, '../../artifacts/lighthouse');

/** What each page must reach, mobile figures (the stricter ones) unless said otherwise. */
const BUDGET = {
  build: { seconds: 45 },
  scores: { performance: 90, accessibility: 100, 'best-practices': 95, seo: 100 },
  /** Guides stay as light as they are; the reference gets the 200 KB. */
  scriptKb: { '/': 150, '/docs/intro/': 150, '/api/': 200 } as Record<string, number>,
  tbtMs: 600,
};

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

function row(m: Measure): string {
  const { scores } = m;
  return [
    m.page.padEnd(13),
    m.formFactor.padEnd(8),
    `perf ${String(scores.performance).padStart(3)} (runs ${m.performanceRuns.join('/')})`.padEnd(
      24,
    ),
    `JS ${(m.scriptBytes / 1024).toFixed(1).padStart(6)} KB`,
    `TBT ${String(m.tbt).padStart(5)} ms`,
    `LCP ${String(m.lcp).padStart(5)} ms`,
    `FCP ${String(m.fcp).padStart(5)} ms`,
    `CLS ${m.cls.toFixed(3)}`,
    `a11y ${scores.accessibility}`,
    `BP ${scores['best-practices']}`,
    `SEO ${scores.seo}`,
  ].join(' · ');
}

function overBudget(build: BuildTiming | undefined, measures: Measure[]): string[] {
  const failures: string[] = [];
  if (build !== undefined && build.totalSeconds > BUDGET.build.seconds) {
    failures.push(`build ${build.totalSeconds.toFixed(1)} s > ${BUDGET.build.seconds} s`);
  }
  for (const m of measures) {
    const where = `${m.page} ${m.formFactor}`;
    for (const [category, minimum] of Object.entries(BUDGET.scores)) {
      const score = m.scores[category as keyof typeof BUDGET.scores];
      if (score < minimum) failures.push(`${where}: ${category} ${score} < ${minimum}`);
    }
    const kb = m.scriptBytes / 1024;
    const maxKb = BUDGET.scriptKb[m.page];
    if (maxKb !== undefined && kb > maxKb)
      failures.push(`${where}: ${kb.toFixed(1)} KB of JavaScript > ${maxKb} KB`);
    if (m.tbt > BUDGET.tbtMs) failures.push(`${where}: TBT ${m.tbt} ms > ${BUDGET.tbtMs} ms`);
  }
  return failures;
}

async function main(): Promise<void> {
  console.log(`load average (1/5/15 min) before: ${load()}`);
  let build: BuildTiming | undefined;
  if (process.env['BENCH_SKIP_BUILD'] === '1') {
    console.log('build: skipped (BENCH_SKIP_BUILD=1), measuring public/ as it is');
  } else {
    build = await timeDocsBuild();
    console.log(
      `build: npm run docs:build ${build.totalSeconds.toFixed(1)} s (gatsby build ${build.gatsbySeconds.toFixed(1)} s; budget ${BUDGET.build.seconds} s)`,
    );
    for (const { step, seconds } of build.slowSteps)
      console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${step}`);
    console.log(`load average after the build: ${load()}`);
  }
  console.log(`\nLighthouse, median of ${RUNS} runs (reports in ${REPORT_DIR}):`);
  const measures = await runLighthouse({
    publicDir: PUBLIC_DIR,
    pages: PAGES,
    formFactors: FORM_FACTORS,
    runs: RUNS,
    reportDir: REPORT_DIR,
    onMeasure: (m) => console.log(row(m)),
  });
  console.log(`\nload average after: ${load()}`);
  const failures = overBudget(build, measures);
  if (failures.length > 0) {
    console.error(`\nOver budget:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log('\nWithin budget.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
