import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The API the dev server forwards /api to (the back end's default port unless told otherwise).
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

const PRECACHE_MARKER = /\/\* precache:begin \*\/[\s\S]*?\/\* precache:end \*\//;

/**
 * Writes the app shell's file list and version into the built sw.js (frontend/public/sw.js, between
 * its precache markers): every file of the build and of public/ but the worker itself and the Vite
 * manifest. The version is a hash of those files, so a build that changes any of them changes sw.js,
 * and browsers install the new worker (docs/notifications.md, "Offline and install").
 */
function precacheManifest(): Plugin {
  let outDir = '';
  return {
    name: 'carecircle-precache-manifest',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const worker = path.join(outDir, 'sw.js');
      if (!existsSync(worker)) return;
      const files = (readdirSync(outDir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(outDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
        .filter((file) => file !== 'sw.js' && !file.startsWith('.vite/') && !file.endsWith('.map'))
        .sort();
      const hash = createHash('sha256');
      for (const file of files) hash.update(file).update('\0').update(readFileSync(path.join(outDir, file))).update('\0');
      const precache = { version: hash.digest('hex').slice(0, 16), files: files.map((file) => `/${file}`) };
      const source = readFileSync(worker, 'utf8');
      if (!PRECACHE_MARKER.test(source)) throw new Error('sw.js has lost its /* precache:begin */ ... /* precache:end */ markers');
      writeFileSync(worker, source.replace(PRECACHE_MARKER, `/* precache:begin */ ${JSON.stringify(precache)} /* precache:end */`));
    },
  };
}

export default defineConfig({
  plugins: [react(), precacheManifest()],
  resolve: {
    alias: {
      '@carecircle/libs': fileURLToPath(new URL('../libs/src/index.ts', import.meta.url)),
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
  },
});
