// Draws the app icons (a blue coin with a lightning-flip bolt on the app's dark background) and writes
// them as PNG with node:zlib, no image library. Run: node apps/web/scripts/generate-icons.mjs
import { Buffer } from 'node:buffer';
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const OUT = fileURLToPath(new URL('../public/icons/', import.meta.url));

const BG_TOP = [0x13, 0x20, 0x3a];
const BG_BOTTOM = [0x0b, 0x12, 0x20];
const BLUE = [0x20, 0x9c, 0xff];
const BLUE_DEEP = [0x0b, 0x6f, 0xd6];
const WHITE = [0xff, 0xff, 0xff];

// The bolt, in units of the coin's radius around its centre (y down).
const BOLT = [
  [0.12, -0.68],
  [-0.36, 0.08],
  [-0.04, 0.08],
  [-0.14, 0.68],
  [0.36, -0.1],
  [0.04, -0.1],
];

/**
 * @param {number} size pixels
 * @param {{ coin: number, corner: number }} shape coin radius and corner radius as fractions of size;
 *   corner 0 fills the square (maskable, Apple), > 0 rounds it with transparent corners.
 */
function draw(size, shape) {
  const pixels = Buffer.alloc(size * size * 4);
  const samples = 4;
  const c = size / 2;
  const coinR = shape.coin * size;
  const corner = shape.corner * size;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const px = x + (sx + 0.5) / samples;
          const py = y + (sy + 0.5) / samples;
          if (corner > 0 && !insideRoundedSquare(px, py, size, corner)) continue;
          let color = mix(BG_TOP, BG_BOTTOM, py / size);
          const dx = px - c;
          const dy = py - c;
          const d = Math.hypot(dx, dy);
          if (d <= coinR) {
            // Coin: a soft top-left light, a darker rim, then the bolt.
            color = mix(BLUE, BLUE_DEEP, Math.min(1, Math.max(0, (dx + dy) / (2.4 * coinR) + 0.5)));
            if (d > coinR * 0.84 && d < coinR * 0.9) color = mix(color, WHITE, 0.35);
            if (insidePolygon(dx / coinR, dy / coinR, BOLT)) color = WHITE;
          }
          r += color[0];
          g += color[1];
          b += color[2];
          a += 1;
        }
      }
      const n = samples * samples;
      const i = (y * size + x) * 4;
      if (a > 0) {
        pixels[i] = Math.round(r / a);
        pixels[i + 1] = Math.round(g / a);
        pixels[i + 2] = Math.round(b / a);
      }
      pixels[i + 3] = Math.round((255 * a) / n);
    }
  }
  return png(size, pixels);
}

function mix(from, to, t) {
  return [0, 1, 2].map((k) => from[k] + (to[k] - from[k]) * t);
}

function insideRoundedSquare(x, y, size, radius) {
  const qx = Math.max(radius - x, 0, x - (size - radius));
  const qy = Math.max(radius - y, 0, y - (size - radius));
  return qx * qx + qy * qy <= radius * radius;
}

function insidePolygon(x, y, points) {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

// ---- PNG: signature, IHDR (8-bit RGBA), one IDAT, IEND ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const stride = size * 4;
  const raw = Buffer.alloc((stride + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (stride + 1)] = 0; // filter: none
    rgba.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const icons = [
  // "any": rounded tile, coin fills most of it.
  ['icon-192.png', 192, { coin: 0.36, corner: 0.22 }],
  ['icon-512.png', 512, { coin: 0.36, corner: 0.22 }],
  // maskable: full bleed, coin inside the 80 % safe circle.
  ['maskable-512.png', 512, { coin: 0.3, corner: 0 }],
  // Apple rounds the tile itself and shows no transparency.
  ['apple-touch-icon.png', 180, { coin: 0.34, corner: 0 }],
  ['favicon-32.png', 32, { coin: 0.42, corner: 0.2 }],
];

mkdirSync(OUT, { recursive: true });
for (const [name, size, shape] of icons) {
  writeFileSync(new URL(name, `file://${OUT}`), draw(size, shape));
  console.log(`wrote public/icons/${name} (${size}×${size})`);
}
