// Bundles the preload as one CommonJS file: a sandboxed preload cannot load ES modules or node_modules.
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    outDir: 'dist/preload',
    emptyOutDir: true,
    target: 'chrome140',
    minify: false,
    // Kept per release for reading a logged stack, never packaged (electron-builder.yml).
    sourcemap: 'hidden',
    lib: { entry: 'preload/index.ts', formats: ['cjs'], fileName: () => 'index.cjs' },
    rollupOptions: { external: ['electron'] },
  },
});
