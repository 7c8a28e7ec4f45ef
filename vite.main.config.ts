// Bundles the Electron main process. electron, keytar (native) and electron-updater stay external;
// the rest is inlined. electron-updater is CommonJS that picks its platform updater with require()
// at run time and patches fs through graceful-fs: as a runtime dependency, electron-builder packs it
// into the app with its own dependencies, as its authors intend. The core's own process is a bundle
// of its own (vite.host.config.ts): each bundle holds the code it runs, and its stacks map to it alone.
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
      external: [
        'electron',
        'keytar',
        'electron-updater',
        ...builtinModules,
        ...builtinModules.map((m) => `node:${m}`),
      ],
      output: { format: 'es', entryFileNames: 'index.js' },
    },
  },
  ssr: { noExternal: true },
});
