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
  },
});
