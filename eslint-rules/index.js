// The repository's own lint rules (CONVENTIONS 18): what no-restricted-imports can't say.
import fs from 'node:fs';
import path from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

/** The files a specifier names: relative ones and the web's `@/` alias; packages are left out. */
function resolve(fromFile, spec) {
  let base;
  if (spec.startsWith('.')) base = path.resolve(path.dirname(fromFile), spec);
  else if (spec.startsWith('@/')) {
    const at = fromFile.indexOf(`${path.sep}apps${path.sep}web${path.sep}`);
    if (at < 0) return undefined;
    base = path.join(fromFile.slice(0, at), 'apps/web/src', spec.slice(2));
  } else return undefined;
  if (/\.(ts|tsx)$/.test(base) && fs.existsSync(base)) return base;
  for (const ext of EXTENSIONS) if (fs.existsSync(base + ext)) return base + ext;
  return undefined;
}

/** One lint run's import graph of the files on disk (read once each). */
const edges = new Map();
function importsOf(file) {
  let out = edges.get(file);
  if (!out) {
    out = [];
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const target = resolve(file, m[1] ?? m[2]);
      if (target) out.push(target);
    }
    edges.set(file, out);
  }
  return out;
}

/** A path of imports from `start` back to `file`, or undefined. */
function cycleThrough(file, start) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [at, trail] = stack.pop();
    if (at === file) return trail;
    if (seen.has(at)) continue;
    seen.add(at);
    for (const next of importsOf(at)) stack.push([next, [...trail, next]]);
  }
  return undefined;
}

const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Files never import each other in a loop (type imports included).' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const root = context.cwd;
    return {
      'ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration'(node) {
        if (!node.source) return;
        const target = resolve(file, node.source.value);
        if (!target || target === file) return;
        const trail = cycleThrough(file, target);
        if (trail)
          context.report({
            node: node.source,
            message: `Import cycle: ${[file, ...trail].map((f) => path.relative(root, f)).join(' → ')}. Move what both need to a third file.`,
          });
      },
    };
  },
};

/** workers/ holds the leased loop and the list of jobs; each job lives in its feature's folder. */
const WORKER_FILES = new Set(['leased-loop.ts', 'lease.ts', 'jobs.ts']);
const workersOnlyLoopAndJobs = {
  meta: {
    type: 'problem',
    docs: { description: 'apps/server/src/workers holds only the leased loop and the job list.' },
    schema: [],
  },
  create(context) {
    const name = path.basename(context.filename).replace(/\.test\.ts$/, '.ts');
    return {
      Program(node) {
        if (!WORKER_FILES.has(name))
          context.report({
            node,
            message: `workers/ holds only the leased loop and the list of jobs: move ${path.basename(context.filename)} into its feature's folder under modules/.`,
          });
      },
    };
  },
};

export default {
  meta: { name: 'tradeflip' },
  rules: { 'no-import-cycle': noImportCycle, 'workers-only-loop-and-jobs': workersOnlyLoopAndJobs },
};
