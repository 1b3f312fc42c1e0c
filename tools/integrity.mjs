// Prints the Subresource Integrity values (sha384) of pkg/'s scripts, for
// <script src=… integrity=… crossorigin> and <link rel=modulepreload integrity=…>.
//   node tools/integrity.mjs pkg
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';

const dir = process.argv[2] || 'pkg';
for (const f of ['widget.js', 'widget.mjs', 'widget-chain.js', 'widget-cards.js', 'verifier.js']) {
  const file = path.join(dir, f);
  if (!fs.existsSync(file)) continue;
  console.log(`${f.padEnd(15)} sha384-${createHash('sha384').update(fs.readFileSync(file)).digest('base64')}`);
}
