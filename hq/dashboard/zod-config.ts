import { z } from 'zod';

// Zod probes `new Function` to speed up parsing; the CSP forbids eval, so turn the probe off before
// any schema is built. Imported first by main.tsx for that reason.
z.config({ jitless: true });
