import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The server's build of Today (src/server/render-home.tsx): one CommonJS file with everything it
 * needs, which the back end loads at start (backend/src/platform/http/home-page.ts). It goes to
 * dist-server/, beside the browser's build and never served.
 */
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@carecircle/libs': fileURLToPath(new URL('../libs/src/index.ts', import.meta.url)),
    },
  },
  publicDir: false,
  // The production builds of React and Redux Toolkit (bundled here, so chosen at build time).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, resolve: { conditions: ['node', 'import', 'production'] } },
  build: {
    ssr: 'src/server/render-home.tsx',
    outDir: fileURLToPath(new URL('./dist-server', import.meta.url)),
    emptyOutDir: true,
    minify: false,
    rolldownOptions: {
      // The screens Today does not render stay in chunks of their own, never loaded here.
      output: { format: 'cjs', entryFileNames: 'render-home.cjs', chunkFileNames: 'chunks/[name]-[hash].cjs' },
    },
  },
});
