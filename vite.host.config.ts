// Bundles the core's own process (dist/main/host.js, from main/host/entry.ts), which the shell starts
// as a utilityProcess (main/electron/core-process.ts). The same externals as the shell's bundle
// (vite.main.config.ts), which runs first and empties dist/main; this one adds beside it.
import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    ssr: 'main/host/entry.ts',
    outDir: 'dist/main',
    emptyOutDir: false,
    target: 'node24',
    sourcemap: true,
    rollupOptions: {
      external: ['electron', 'keytar', ...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
      output: { format: 'es', entryFileNames: 'host.js' },
    },
  },
  ssr: { noExternal: true },
});
