// Marks the chunks every page load runs (the entry, what it imports, and main.tsx's boot stages) with
// V8's explicit compile hint, so Chrome compiles their functions while streaming them in, off the main
// thread, instead of lazily on the main thread as each is first called — most of the main thread's
// script time while a page becomes interactive. https://v8.dev/blog/explicit-compile-hints
// Route chunks are left to lazy compilation: they are small, and not all of their code runs.
import type { Plugin } from 'vite';

const HINT = '//# allFunctionsCalledOnLoad\n';

export function compileHints(): Plugin {
  return {
    name: 'tradeflip-compile-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      const marked = new Set<string>();
      const mark = (file: string) => {
        const out = bundle[file];
        if (out?.type !== 'chunk' || marked.has(file)) return;
        marked.add(file);
        out.code = HINT + out.code;
        for (const dep of out.imports) mark(dep);
      };
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk' || !out.isEntry) continue;
        mark(out.fileName);
        for (const file of out.dynamicImports) mark(file);
      }
    },
  };
}
