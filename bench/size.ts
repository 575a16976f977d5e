/**
 * Size benchmark: what a browser downloads before the first page of the web client can render, and
 * what each Lambda function ships (every zip within LAMBDA_ZIP_BUDGET_BYTES, or the run exits 1).
 * Writes bench/results/size.json. See bench/README.md.
 *
 *   npm run bench:size               uses the existing web build (rebuilt when its sources are newer)
 *   npm run bench:size -- --rebuild  builds the web client first, whatever its age
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import JSZip from 'jszip';
import { build as viteBuild, resolveConfig } from 'vite';
import { LAMBDA_BUNDLING } from '../lib/compute/groundwork-function';
import { lambdaEntries, REPO_ROOT } from '../lib/lambda-entries';

const HERE = dirname(fileURLToPath(import.meta.url));
const RESULTS = join(HERE, 'results', 'size.json');
const VITE_CONFIG = join(REPO_ROOT, 'frontend', 'vite.config.ts');
/** Issue 16: the JS a first visit to `/` downloads, gzipped; kB as Vite prints them (1 kB = 1,000 bytes). */
const FIRST_LOAD_TARGET_KB = 250;
/** Issue 22: the budget of every Lambda zip, 1.5 MB (1 MB = 1,000,000 bytes, as the figures here). */
export const LAMBDA_ZIP_BUDGET_BYTES = 1_500_000;

const kb = (bytes: number) => Math.round(bytes / 10) / 100;
const gzipSize = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

async function webOutDir(): Promise<string> {
  const config = await resolveConfig({ configFile: VITE_CONFIG, logLevel: 'silent' }, 'build', 'production');
  return resolve(config.root, config.build.outDir);
}

async function ensureWebBuild(rebuild: boolean): Promise<void> {
  if (rebuild) {
    await viteBuild({ configFile: VITE_CONFIG, logLevel: 'warn' });
    return;
  }
  // The same check `npm start` and the browser tests make: builds when the output is missing or stale.
  execFileSync(process.execPath, [join(REPO_ROOT, 'scripts', 'ensure-web-build.mjs')], { cwd: REPO_ROOT, stdio: 'inherit' });
}

/** Paths of the scripts index.html runs and of the modules it preloads: what the first load fetches. */
function firstLoadScripts(html: string): string[] {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const urls: string[] = [];
  for (const tag of tags) {
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
    if (tag.startsWith('<script') && attr('type') === 'module' && attr('src')) urls.push(attr('src')!);
    if (tag.startsWith('<link') && attr('rel') === 'modulepreload' && attr('href')) urls.push(attr('href')!);
  }
  return [...new Set(urls)];
}

function listJs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => join(entry.parentPath, entry.name));
}

async function webFigures(outDir: string) {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const firstLoad = firstLoadScripts(html).map((url) => {
    const bytes = readFileSync(join(outDir, url.replace(/^\//, '')));
    return { file: url.replace(/^\//, ''), bytes: bytes.length, gzipBytes: gzipSize(bytes) };
  });
  const all = listJs(outDir).map((path) => {
    const bytes = readFileSync(path);
    return { file: relative(outDir, path), bytes: bytes.length, gzipBytes: gzipSize(bytes) };
  });
  const firstLoadGzip = firstLoad.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
  return {
    firstLoadJs: {
      gzipBytes: firstLoadGzip,
      gzipKb: kb(firstLoadGzip),
      targetKb: FIRST_LOAD_TARGET_KB,
      targetMet: firstLoadGzip <= FIRST_LOAD_TARGET_KB * 1000,
      chunks: firstLoad,
    },
    totalJs: {
      chunks: all.length,
      bytes: all.reduce((sum, chunk) => sum + chunk.bytes, 0),
      gzipBytes: all.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
      gzipKb: kb(all.reduce((sum, chunk) => sum + chunk.gzipBytes, 0)),
    },
  };
}

/** NodejsFunction's bundling options as the esbuild options its local bundler passes on the command line. */
function esbuildOptions(entry: string, outfile: string): esbuild.BuildOptions {
  const { format, target, mainFields, banner, externalModules, minify, sourceMap, sourcesContent, charset, ...rest } = LAMBDA_BUNDLING;
  const unknown = Object.keys(rest).filter((key) => rest[key as keyof typeof rest] !== undefined);
  // A new option in lib/ that this translation ignores would make the figures silently wrong.
  if (unknown.length > 0) throw new Error(`bench/size.ts does not translate these bundling options yet: ${unknown.join(', ')}`);
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: format === 'esm' ? 'esm' : 'cjs',
    target: target ?? 'node20',
    mainFields,
    banner: banner ? { js: banner } : undefined,
    external: externalModules ?? [],
    minify: minify ?? false,
    sourcemap: sourceMap ?? false,
    sourcesContent: sourcesContent ?? true,
    charset: charset === 'utf8' ? 'utf8' : 'ascii',
    logLevel: 'error',
  };
}

async function lambdaFigures() {
  const work = mkdtempSync(join(tmpdir(), 'groundwork-bench-size-'));
  try {
    const functions = [];
    const failed: { name: string; entry: string; error: string }[] = [];
    for (const { name, entry } of lambdaEntries()) {
      const dir = join(work, name.replace(/\W+/g, '-'));
      // ESM handlers are `index.mjs`, as NodejsFunction names them; its source map ships beside it.
      const outfile = join(dir, LAMBDA_BUNDLING.format === 'esm' ? 'index.mjs' : 'index.js');
      try {
        await esbuild.build(esbuildOptions(entry, outfile));
      } catch (error) {
        // `cdk synth` would fail on this entry as well; the others are still measured.
        const message = error instanceof Error ? error.message.split('\n').slice(0, 2).join(' ') : String(error);
        failed.push({ name, entry: relative(REPO_ROOT, entry), error: message });
        console.log(`${name}: bundling failed: ${message}`);
        continue;
      }
      const zip = new JSZip();
      const files = readdirSync(dir).sort();
      let bundleBytes = 0;
      for (const file of files) {
        const content = readFileSync(join(dir, file));
        if (!file.endsWith('.map')) bundleBytes += content.length;
        zip.file(file, content);
      }
      const zipped = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
      const withinBudget = zipped.length <= LAMBDA_ZIP_BUDGET_BYTES;
      functions.push({ name, entry: relative(REPO_ROOT, entry), files, bundleBytes, zipBytes: zipped.length, zipKb: kb(zipped.length), withinBudget });
      console.log(`${name}: ${kb(zipped.length)} kB zipped${withinBudget ? '' : ` (over the ${kb(LAMBDA_ZIP_BUDGET_BYTES)} kB budget)`}`);
    }
    const overBudget = functions.filter((fn) => !fn.withinBudget).map((fn) => fn.name);
    return {
      budgetBytes: LAMBDA_ZIP_BUDGET_BYTES,
      overBudget,
      functions,
      failed,
      totalZipBytes: functions.reduce((sum, fn) => sum + fn.zipBytes, 0),
      largest: functions.length > 0 ? functions.reduce((max, fn) => (fn.zipBytes > max.zipBytes ? fn : max)).name : null,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  const rebuild = process.argv.includes('--rebuild');
  await ensureWebBuild(rebuild);
  const outDir = await webOutDir();
  const web = await webFigures(outDir);
  console.log(`first-load JS: ${web.firstLoadJs.gzipKb} kB gzipped (target ${FIRST_LOAD_TARGET_KB} kB: ${web.firstLoadJs.targetMet ? 'met' : 'missed'})`);
  console.log(`all JS: ${web.totalJs.gzipKb} kB gzipped in ${web.totalJs.chunks} chunks`);
  const lambdas = await lambdaFigures();
  const result = {
    measuredAt: new Date().toISOString(),
    gzip: 'node:zlib gzip, level 9',
    web: { outDir: relative(REPO_ROOT, outDir), ...web },
    lambdas: { zip: 'jszip DEFLATE level 9 of what NodejsFunction puts in the asset (the bundle; no source map, lib/compute/groundwork-function.ts)', ...lambdas },
  };
  mkdirSync(dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`wrote ${relative(REPO_ROOT, RESULTS)}`);
  console.log(`largest Lambda zip: ${lambdas.largest} (budget ${kb(LAMBDA_ZIP_BUDGET_BYTES)} kB each)${lambdas.overBudget.length > 0 ? `; over budget: ${lambdas.overBudget.join(', ')}` : ''}`);
  if (!web.firstLoadJs.targetMet || lambdas.failed.length > 0 || lambdas.overBudget.length > 0) process.exitCode = 1;
}

await main();
