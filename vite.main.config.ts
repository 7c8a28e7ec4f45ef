// Bundles the Electron main process. electron, keytar (native) and electron-updater stay external;
// the rest is inlined. electron-updater is CommonJS that picks its platform updater with require()
// at run time and patches fs through graceful-fs: as a runtime dependency, electron-builder packs it
// into the app with its own dependencies, as its authors intend. Two entries: the shell (index.js)
// and the core's own process (host.js, started by main/electron/core-process.ts).
import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    ssr: true,
    outDir: 'dist/main',
    emptyOutDir: true,
    target: 'node24',
    sourcemap: true,
    rollupOptions: {
      input: { index: 'main/index.ts', host: 'main/host/entry.ts' },
      external: [
        'electron',
        'keytar',
        'electron-updater',
        ...builtinModules,
        ...builtinModules.map((m) => `node:${m}`),
      ],
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
  ssr: { noExternal: true },
});
