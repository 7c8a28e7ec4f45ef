import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The head-office dashboard, served by hq/server from dist/hq under a strict CSP.
export default defineConfig({
  root: 'hq/dashboard',
  base: '/',
  plugins: [react()],
  build: { outDir: '../../dist/hq', emptyOutDir: true, target: 'chrome120' },
});
