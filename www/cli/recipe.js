// `verifier.js --recipe FILE`: the record as a script in the operator's own language
// that recomputes it with the operator's published code (the core writes it; its
// comments in the CLI's language). Prints the script as it is (`> recipe.js`), or
// with --json {scheme, language, file, command, text}. Exit 0 when written, 2 when
// the record is invalid (the core's error, as --json prints errors).
import { errorData } from '../core/errors.js';
import { recipeWords } from '../i18n/recipe.js';
import { readRecord } from './read.js';
import * as core from './core.js';
import { terminalLines, jsonText } from './safe.js';

const INVALID = 2;

export async function runRecipe(api, file, format, lang) {
  const read = await readRecord(file, core);
  let res;
  if (read.error) res = { error: read.error };
  else {
    try {
      res = { recipe: api.recipe(api.decodeFile(read.bytes), recipeWords(lang)) };
    } catch (e) {
      res = { error: errorData(e) };
    }
  }
  if (format === 'json') {
    process.stdout.write(jsonText(res.error ? { error: res.error } : res.recipe, 2) + '\n');
  } else if (res.error) {
    process.stderr.write(`fairverify: ${terminalLines([`${res.error.code}${res.error.field ? ` (${res.error.field})` : ''}: ${res.error.message}`])}\n`);
  } else {
    process.stdout.write(res.recipe.text);
  }
  return res.error ? INVALID : 0;
}
