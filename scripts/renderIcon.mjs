// Renders the Marketplace icon (dist/icon.png, 256×256) from the activity bar glyph media/json2.svg: the glyph's paths
// drawn white on a rounded blue square. Called by scripts/packageExtension.mjs before vsce; one source for both icons.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ICON_SIZE = 256;
export const ICON_PATH = 'dist/icon.png';

/** The icon's SVG: the glyph's `<path>` elements, scaled into a margin, over a rounded square. */
export function iconSvg(glyphSvg) {
  const paths = glyphSvg.match(/<path\b[^>]*\/>/g);
  if (paths === null) throw new Error('media/json2.svg has no <path> element to draw the icon from');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${ICON_SIZE}" height="${ICON_SIZE}" viewBox="0 0 24 24">`,
    '<rect width="24" height="24" rx="4.5" fill="#1f5fae"/>',
    '<g transform="translate(3.6 3.6) scale(0.7)" fill="none" stroke="#ffffff" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">',
    ...paths,
    '</g></svg>',
  ].join('');
}

/** Writes dist/icon.png and returns its path. */
export function renderIcon() {
  const glyph = fs.readFileSync(path.join(root, 'media/json2.svg'), 'utf8');
  const png = new Resvg(iconSvg(glyph), { fitTo: { mode: 'width', value: ICON_SIZE } }).render().asPng();
  const out = path.join(root, ICON_PATH);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, png);
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(renderIcon());
