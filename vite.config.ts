import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Relative asset URLs, so the same build loads from the app's custom protocol, a file, or the test server.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome130',
    // For reading a logged stack (scripts/sourcemaps.ts); 'hidden': the shipped files name no map,
    // as none is packaged (electron-builder.yml).
    sourcemap: 'hidden',
  },
});
