// Bundles the Electron main process. keytar (native) and electron stay external; the rest is inlined.
import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    ssr: 'main/index.ts',
    outDir: 'dist/main',
    emptyOutDir: true,
    target: 'node24',
    sourcemap: true,
    rollupOptions: {
      external: ['electron', 'keytar', ...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
      output: { format: 'es', entryFileNames: 'index.js' },
    },
  },
  ssr: { noExternal: true },
});
