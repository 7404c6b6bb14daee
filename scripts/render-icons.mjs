// Renders the app's install icons (frontend/public/icons/*.png) from frontend/public/favicon.svg, once,
// with the Debian Chromium that the browser tests use: `node scripts/render-icons.mjs`. The PNGs are
// committed; nothing is rendered or downloaded at build time. Run it again after changing the favicon.
//   icon-192.png, icon-512.png   purpose "any": the favicon's teal disc, transparent corners
//   icon-maskable-512.png        purpose "maskable": full-bleed teal, the mark inside the 80% safe zone
//   apple-touch-icon.png (180)   opaque square (iOS rounds the corners itself)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '..');
const PUBLIC = path.join(ROOT, 'frontend/public');
const favicon = readFileSync(path.join(PUBLIC, 'favicon.svg'), 'utf8');
const TEAL = /fill="(#[0-9a-f]{6})"/i.exec(favicon)?.[1] ?? '#1f6f78';

/** The favicon's "CC" on a full square, scaled to `scale` of the favicon's size (maskable: inside the safe zone). */
const square = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${TEAL}"/>` +
  `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">` +
  `<text x="32" y="41" font-family="Arial, 'Liberation Sans', sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">CC</text></g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'icon-maskable-512.png', size: 512, svg: square(0.8) },
  { file: 'apple-touch-icon.png', size: 180, svg: square(1) },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
try {
  for (const { file, size, svg } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="${dataUrl}" width="${size}" height="${size}" style="display:block"></body></html>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: path.join(PUBLIC, 'icons', file), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    console.log(`frontend/public/icons/${file} (${size}x${size})`);
  }
} finally {
  await browser.close();
}
