import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Component tests (`frontend/src/**\/*.component.spec.tsx`): a component rendered in jsdom with
 * Testing Library, asserting what a caregiver sees and what is sent. `npm test` runs them in its unit
 * step (scripts/test.mjs); the pure `*.unit.spec.ts` rules stay with jest.
 */
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@carecircle/libs': fileURLToPath(new URL('../libs/src/index.ts', import.meta.url)),
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.component.spec.tsx'],
    setupFiles: ['src/test-support/component-setup.ts'],
    // antd's first render in jsdom on a busy 2-core machine can pass vitest's 5 s.
    testTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: one file at a time on our 2-core machines.
    maxWorkers: 2,
    // Files of a worker share one module graph (React, antd, the store's code are evaluated once per
    // worker, not once per file): half the step's CPU (76 s against 165 s, 2026-11-29). Each test
    // still starts clean: its own store (renderWithApi), its own fetch stub, an emptied document
    // (component-setup.ts); no module of ours keeps state between renders.
    isolate: false,
  },
});
