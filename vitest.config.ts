import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: [
      'shared/**/*.test.ts',
      'electron/**/*.test.ts',
      'renderer/**/*.test.{ts,tsx}',
      'tests/**/*.test.ts',
      'assets/**/*.test.ts',
    ],
    environment: 'node',
    // A bound against hangs, not a speed check: browser tests on a loaded 2-core machine took up to 29 s of 30.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
