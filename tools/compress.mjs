// Precompressed copies of pkg/'s large text files (issue 36): FILE.gz and FILE.br
// beside FILE, for a server that sends them as they are (nginx gzip_static and
// brotli_static, Apache with MultiViews or rewrite rules, Caddy's precompressed,
// tools/serve.py; docs/hosting.md). A player's browser decompresses them to FILE's
// bytes, so FILE's SHA-256 (the one build.sh prints and the installed app names)
// is what runs.
//
// Reproducible byte for byte: gzip's header is written here (no name, no mtime, OS
// "unknown") around zlib's raw deflate at level 9; brotli at quality 11, window 24,
// the file's size given as a hint; both with Node's bundled zlib/brotli, so one
// Node version gives the same bytes on any machine and in any folder.
//   node tools/compress.mjs DIR      (re)writes the copies for DIR's files
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The files that get compressed copies (when DIR has them). */
export const COMPRESSED = ['verifier.html', 'verifier-nowasm.html', 'verifier.js', 'widget.js', 'widget.mjs', 'widget-chain.js', 'widget-cards.js'];

/** gzip (RFC 1952) of `bytes` with a fixed header: ID1 ID2, CM=8, FLG=0, MTIME=0,
 *  XFL=2 (maximum compression), OS=255 (unknown). */
export function gzip(bytes) {
  const body = zlib.deflateRawSync(bytes, { level: 9, memLevel: 9, windowBits: 15, strategy: zlib.constants.Z_DEFAULT_STRATEGY });
  const head = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 255]);
  const tail = Buffer.alloc(8);
  tail.writeUInt32LE(zlib.crc32 ? zlib.crc32(bytes) >>> 0 : crc32(bytes), 0);
  tail.writeUInt32LE(bytes.length >>> 0, 4);
  return Buffer.concat([head, body, tail]);
}

let table = null;
/** CRC-32 (IEEE), for Node versions whose zlib module has no crc32(). */
function crc32(bytes) {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (const b of bytes) c = table[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** brotli of `bytes`: quality 11, window 24, text mode, the size as a hint. */
export function brotli(bytes) {
  const P = zlib.constants;
  return zlib.brotliCompressSync(bytes, {
    params: {
      [P.BROTLI_PARAM_MODE]: P.BROTLI_MODE_TEXT,
      [P.BROTLI_PARAM_QUALITY]: 11,
      [P.BROTLI_PARAM_LGWIN]: 24,
      [P.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/** Writes FILE.gz and FILE.br beside each of `files` found in `dir`; returns the
 *  names written. */
export function precompress(dir, files = COMPRESSED) {
  const out = [];
  for (const f of files) {
    const file = path.join(dir, f);
    if (!fs.existsSync(file)) continue;
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(`${file}.gz`, gzip(bytes));
    fs.writeFileSync(`${file}.br`, brotli(bytes));
    out.push(`${f}.gz`, `${f}.br`);
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  precompress(process.argv[2] || 'pkg');
}
