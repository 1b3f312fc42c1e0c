// Command-line arguments → what to do. Options may come before or after file names;
// `--` ends the options (a file named `--json` can still be checked).

const FLAGS = {
  '--help': 'help', '-h': 'help', '--version': 'version', '--self-test': 'selfTest',
  '--jsonl': 'jsonl', '--json': 'json', '--human': 'human', '--history': 'history',
  '--recipe': 'recipe',
};

/** {mode, files, format, lang, history, recipe, error}; `error` is a message for a bad
 *  command line. `history` (--history): one record's whole chain history; `recipe`
 *  (--recipe): one record's recipe, the operator's code with its values. */
export function parseArgs(argv) {
  const a = { mode: null, files: [], format: null, lang: null, history: false, recipe: false, error: null };
  const setMode = (m, arg) => {
    if (a.mode && a.mode !== m) a.error = a.error || `${arg} cannot be combined with --${a.mode === 'selfTest' ? 'self-test' : a.mode}`;
    a.mode = m;
  };
  let options = true;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (options && arg === '--') { options = false; continue; }
    if (options && arg.startsWith('--lang')) {
      const v = arg === '--lang' ? argv[++i] : arg.startsWith('--lang=') ? arg.slice(7) : undefined;
      if (!v || !/^[A-Za-z]{2,3}([_-][A-Za-z0-9]+)*$/.test(v)) a.error = a.error || `--lang needs a language code (en, ro, it, ru, ar, zh), not ${v === undefined ? 'nothing' : JSON.stringify(v)}`;
      else a.lang = v;
      continue;
    }
    if (options && arg.length > 1 && arg.startsWith('-')) {
      const f = FLAGS[arg];
      if (!f) { a.error = a.error || `unknown option ${arg} (see --help)`; continue; }
      if (f === 'history') { a.history = true; continue; }
      if (f === 'recipe') { a.recipe = true; continue; }
      if (f === 'json' || f === 'human') {
        if (a.format && a.format !== f) a.error = a.error || '--json and --human cannot be combined';
        a.format = f;
      } else setMode(f, arg);
      continue;
    }
    a.files.push(arg);
  }
  if (a.mode === 'jsonl' && a.files.length) a.error = a.error || '--jsonl reads standard input only; give no file names';
  if (!a.mode) a.mode = a.files.length ? 'files' : 'usage';
  if (a.history && a.mode !== 'help') {
    if (a.mode !== 'files' && a.mode !== 'usage') a.error = a.error || `--history cannot be combined with --${a.mode === 'selfTest' ? 'self-test' : a.mode}`;
    else if (a.files.length !== 1) a.error = a.error || '--history takes one record: one file, or - for standard input';
  }
  if (a.recipe && a.mode !== 'help') {
    if (a.history) a.error = a.error || '--recipe cannot be combined with --history';
    else if (a.mode !== 'files' && a.mode !== 'usage') a.error = a.error || `--recipe cannot be combined with --${a.mode === 'selfTest' ? 'self-test' : a.mode}`;
    else if (a.files.length !== 1) a.error = a.error || '--recipe takes one record: one file, or - for standard input';
  }
  return a;
}
