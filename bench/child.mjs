import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { loadCli } from '../bin/cli-bundle.js';
import { treeCpu } from './treeCpu.mjs';

// One measured build in a fresh process (so "cold" means cold): prints its figures as JSON. It runs
// the bundled CLI code, as `sitegen build` does (not the sources through a TypeScript loader), from
// V8's code cache as `sitegen build` does (made by the first process that runs without one).
// argv: <config> <outDir> [--rebuild <markdown file to edit>]
// It reads no build cache from disk but the drawn mermaid diagrams: bench/run.ts points
// SITEGEN_CACHE_DIR at an empty folder when the diagrams are to be drawn, at a folder holding them
// when they are to be read back.

process.env.NODE_ENV ??= 'production';
const { build, createBuildCache } = await loadCli({ codeCache: true });

const [configFile, outDir, flag, editFile] = process.argv.slice(2);

const gz = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

function walk(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}

/** Scripts and stylesheets the HTML of one docs page references, gzip-summed. */
function pageWeight(html) {
  const scripts = new Set([...html.matchAll(/<(?:script[^>]*src|link rel="modulepreload" href)="([^"]+)"/g)].map((m) => m[1]));
  const styles = new Set([...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]));
  const size = (urls) => [...urls].reduce((n, u) => n + gz(path.join(outDir, u)), 0);
  return { js: size(scripts), css: size(styles) };
}

async function main() {
  const t0 = performance.now();
  // CPU time (all threads of this process) from the end of one stage to the end of the next: with
  // other work on the machine, a stage's CPU time moves less than its wall time.
  const stagesCpuMs = {};
  let cpuBefore = process.cpuUsage();
  const onStage = ({ stage }) => {
    const now = process.cpuUsage();
    stagesCpuMs[stage] = Math.round((now.user + now.system - cpuBefore.user - cpuBefore.system) / 1000);
    cpuBefore = now;
  };
  // As the CLI builds: bodies are freed once written.
  let result = await build({ configFile, outDir, dropBodies: true, onStage });
  let wallMs = performance.now() - t0;
  let rebuildMs;
  if (flag === '--rebuild') {
    const cache = createBuildCache();
    result = await build({ configFile, outDir, cache });
    const original = fs.readFileSync(editFile, 'utf8');
    try {
      fs.writeFileSync(editFile, original.replace(/\n\n/, '\n\nA sentence added by the benchmark.\n\n'));
      const t1 = performance.now();
      result = await build({ configFile, outDir, cache });
      rebuildMs = performance.now() - t1;
    } finally {
      fs.writeFileSync(editFile, original);
      await cache.dispose();
    }
    wallMs = rebuildMs;
  }
  const usage = process.resourceUsage();
  const cpu = treeCpu();
  const files = walk(outDir);
  const docsPage = result.rendered.find((r) => r.page.content.kind === 'doc');
  const docsHtml = docsPage ? fs.readFileSync(path.join(outDir, decodeURIComponent(docsPage.page.route).replace(/^\//, '').replace(/\/?$/, '/index.html')), 'utf8') : '';
  const search = {};
  for (const f of files.filter((f) => f.includes(`${path.sep}assets${path.sep}search${path.sep}`) && f.endsWith('.json'))) {
    const locale = path.basename(f).split('.')[0];
    search[locale] ??= { raw: 0, gzip: 0 };
    search[locale].raw += fs.statSync(f).size;
    search[locale].gzip += gz(f);
  }
  // What each page writes of its own: its HTML document and its page data (__page.json beside it).
  const pageData = files.filter((f) => path.basename(f) === '__page.json');
  const perPage = pageData.length
    ? {
        pages: pageData.length,
        html: pageData.reduce((n, f) => n + (fs.existsSync(path.join(path.dirname(f), 'index.html')) ? fs.statSync(path.join(path.dirname(f), 'index.html')).size : 0), 0) / pageData.length,
        data: pageData.reduce((n, f) => n + fs.statSync(f).size, 0) / pageData.length,
      }
    : undefined;
  console.log(
    JSON.stringify({
      wallMs,
      // The build's processes: this one, esbuild's and the diagrams' Chromium (bench/treeCpu.mjs).
      cpuMs: cpu.cpuMs,
      ownCpuMs: cpu.ownCpuMs,
      maxRssMb: usage.maxRSS / 1024,
      pages: result.pages,
      pagesPerSecond: result.pages / (wallMs / 1000),
      stages: Object.fromEntries(result.timings.map((t) => [t.stage, Math.round(t.ms)])),
      ...(flag === '--rebuild' ? {} : { stagesCpu: stagesCpuMs }),
      outputBytes: files.reduce((n, f) => n + fs.statSync(f).size, 0),
      ...(perPage ? { perPage } : {}),
      ...(docsHtml ? { docsPage: pageWeight(docsHtml) } : {}),
      search,
      cores: os.availableParallelism(),
    }),
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
