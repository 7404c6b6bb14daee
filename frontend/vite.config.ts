import { createHash } from 'node:crypto';
import { type Dirent, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

// The API the dev server forwards /api to (the back end's default port unless told otherwise).
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/** Every file under the build's folder, as absolute paths. */
const filesOf = (outDir: string) =>
  (readdirSync(outDir, { recursive: true, withFileTypes: true }) as Dirent[]).filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));

/**
 * A plugin that runs in `vite build` only and works on the files written: `hooks` gets the build's
 * folder as a function, known once the config is resolved.
 */
function buildOutputPlugin(name: string, hooks: (outDir: () => string) => Omit<Plugin, 'name' | 'apply' | 'configResolved'>): Plugin {
  let outDir = '';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    ...hooks(() => outDir),
  };
}

const PRECACHE_MARKER = /\/\* precache:begin \*\/[\s\S]*?\/\* precache:end \*\//;

/**
 * Writes the app shell's file list and version into the built sw.js (frontend/public/sw.js, between
 * its precache markers): every file of the build and of public/ but the worker itself and the Vite
 * manifest. The version is a hash of those files, so a build that changes any of them changes sw.js,
 * and browsers install the new worker (docs/notifications.md, "Offline and install").
 */
function precacheManifest(): Plugin {
  return buildOutputPlugin('carecircle-precache-manifest', (buildDir) => ({
    closeBundle() {
      const outDir = buildDir();
      const worker = path.join(outDir, 'sw.js');
      if (!existsSync(worker)) return;
      const files = filesOf(outDir)
        .map((file) => path.relative(outDir, file).split(path.sep).join('/'))
        .filter((file) => file !== 'sw.js' && !file.startsWith('.vite/') && !file.endsWith('.map'))
        .sort();
      const hash = createHash('sha256');
      for (const file of files) hash.update(file).update('\0').update(readFileSync(path.join(outDir, file))).update('\0');
      const precache = { version: hash.digest('hex').slice(0, 16), files: files.map((file) => `/${file}`) };
      const source = readFileSync(worker, 'utf8');
      if (!PRECACHE_MARKER.test(source)) throw new Error('sw.js has lost its /* precache:begin */ ... /* precache:end */ markers');
      writeFileSync(worker, source.replace(PRECACHE_MARKER, `/* precache:begin */ ${JSON.stringify(precache)} /* precache:end */`));
    },
  }));
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 1024;

/**
 * Writes a brotli (.br, best quality) and a gzip (.gz) copy beside each text file of the build, once,
 * so the server sends them by the browser's Accept-Encoding without compressing per request
 * (backend/src/platform/http/compression.ts). Runs after the precache list is written, so the list
 * names only the plain files and sw.js is compressed with its final content.
 */
function precompress(): Plugin {
  return buildOutputPlugin('carecircle-precompress', (outDir) => ({
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const files = filesOf(outDir()).filter((file) => COMPRESSIBLE.test(file) && !file.includes(`${path.sep}.vite${path.sep}`));
        for (const file of files) {
          const source = readFileSync(file);
          if (source.length < MIN_BYTES) continue;
          const brotli = brotliCompressSync(source, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
          });
          writeFileSync(`${file}.br`, brotli);
          writeFileSync(`${file}.gz`, gzipSync(source, { level: constants.Z_BEST_COMPRESSION }));
        }
      },
    },
  }));
}

const TODAY_SCREEN = /src[\\/]app[\\/]pages[\\/]home-screen\.tsx$/;
const LANDING_SCREEN = /src[\\/]app[\\/]pages[\\/]landing-screen\.tsx$/;

/**
 * Puts home-prefetch.js at the top of the built index.html with the files of the two screens `/`
 * shows: for each, the chunk that holds the screen and the chunks and styles it imports, but those
 * the page loads anyway. The page starts loading the one it will show, and a signed-in caregiver's
 * first reads, while it is parsed (docs/performance.md). The server allows the inline script by its hash.
 */
function homePrefetch(): Plugin {
  let screens: { today: string[]; landing: string[]; entryCss: string[] } | undefined;
  return buildOutputPlugin('carecircle-home-prefetch', (outDir) => ({
    // The same lists for the server, which puts the entry's and Today's styles in the page it renders
    // Today into (backend server-rendered-home.ts). In .vite/, which is neither served nor precached.
    closeBundle() {
      if (!screens) return;
      mkdirSync(path.join(outDir(), '.vite'), { recursive: true });
      writeFileSync(path.join(outDir(), '.vite', 'home-files.json'), JSON.stringify(screens));
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const graph = (chunk: Rolldown.OutputChunk, into = new Set<string>()) => {
          if (into.has(chunk.fileName)) return into;
          into.add(chunk.fileName);
          chunk.imports.forEach((name) => byName.has(name) && graph(byName.get(name)!, into));
          return into;
        };
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) throw new Error('homePrefetch: no entry chunk');
        const loaded = graph(entry);
        const filesOf = (screen: RegExp) => {
          const chunk = chunks.find((candidate) => candidate.moduleIds.some((id) => screen.test(id)));
          if (!chunk) throw new Error(`homePrefetch: no chunk holds ${screen}`);
          return [...graph(chunk)]
            .filter((name) => !loaded.has(name))
            .flatMap((name) => [name, ...(byName.get(name)!.viteMetadata?.importedCss ?? [])])
            .map((name) => `/${name}`);
        };
        const files = { today: filesOf(TODAY_SCREEN), landing: filesOf(LANDING_SCREEN) };
        screens = { ...files, entryCss: (entry.viteMetadata?.importedCss ? [...entry.viteMetadata.importedCss] : []).map((name) => `/${name}`) };
        const source = readFileSync(fileURLToPath(new URL('./home-prefetch.js', import.meta.url)), 'utf8')
          .split('\n')
          .filter((line) => !line.trimStart().startsWith('//'))
          .join('\n')
          .replace('})(HOME_FILES);', `})(${JSON.stringify(files)});`);
        // Before the stylesheet: an inline script waits for the stylesheets above it.
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('homePrefetch: no module script in index.html');
        return `${html.slice(0, at)}<script>${source.trim()}</script>\n    ${html.slice(at)}`;
      },
    },
  }));
}

export default defineConfig({
  plugins: [react(), homePrefetch(), precacheManifest(), precompress()],
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
    rolldownOptions: {
      // app/hooks.ts only re-exports the typed hooks store.ts defines (and a hook of its own): it has
      // no side effects. Said so, a screen that imports them from it does not load the chunk that
      // holds it (Today's), as the sign-in pages would (docs/performance.md).
      treeshake: { moduleSideEffects: [{ test: /src[\\/]app[\\/]hooks\.ts$/, sideEffects: false }] },
      output: {
        codeSplitting: {
          // Fewer, larger files where a first load needs them: over HTTP/1.1 (six connections, a
          // phone's latency) each file costs a round trip (docs/performance.md). The entry's static
          // graph is one chunk; the landing page with what it imports one (the public pages share it);
          // Today with what it imports one (other signed-in screens share it); higher priorities take
          // their modules first, so the landing never loads Today's chunk. antd's icons are one chunk
          // rather than one per icon, without their dependencies (antd's shared helpers stay where
          // they were); the public pages use no antd icons (shared/ui/public-icons.tsx, svg-icon.tsx).
          groups: [
            { name: 'index', tags: ['$initial'], priority: 3 },
            { name: 'icons', test: /node_modules[\\/]@ant-design[\\/]icons(-svg)?[\\/]/, includeDependenciesRecursively: false, priority: 2 },
            { name: 'public', test: LANDING_SCREEN, priority: 1 },
            { name: 'today', test: TODAY_SCREEN },
          ],
        },
      },
    },
  },
});
