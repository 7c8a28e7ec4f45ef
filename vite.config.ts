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
  },
});
