// `npm run build -w @tradeflip/server`: the server and its operator CLIs as plain JavaScript, so
// production runs them with node alone (`npm run serve`), no TypeScript loader. One file each in
// apps/server/dist; the workspace packages (TypeScript sources) are bundled in, the dependencies in
// node_modules stay outside (they load their own files: PGlite's WebAssembly, Anvil's binary). The
// server finds its migrations and the web app from the repository's root, as from its sources.
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { repoRoot } from '../src/config';

const server = path.join(repoRoot, 'apps/server');

/** Every bare import outside the workspace stays an import of node_modules. */
const dependenciesOutside: Plugin = {
  name: 'dependencies-outside',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@tradeflip/') ? undefined : { path: args.path, external: true },
    );
  },
};

const result = await build({
  entryPoints: {
    server: path.join(server, 'src/server.ts'),
    admin: path.join(server, 'src/cli/admin.ts'),
    audit: path.join(server, 'src/cli/audit.ts'),
  },
  outdir: path.join(server, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  plugins: [dependenciesOutside],
  logLevel: 'warning',
  metafile: true,
});
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  if (file.endsWith('.js'))
    console.log(`${path.relative(repoRoot, file)}  ${(output.bytes / 1024).toFixed(0)} kB`);
}
