// TEMPORARY: a copy of the scheme descriptors the core will describe itself
// (FairVerifier.schemes(), main's "core: scheme descriptors"). Delete this file
// when that lands; www/page/schemes.js then uses the core's list only.
const GAMES = ['table', 'dame', 'xiangqi', 'tarneeb', 'trix', 'bridge', 'baloot', 'mahjong'];
const f = (name, kind, extra = {}) => ({ name, kind, required: true, label: `field.${name}`, ...extra });
const opt = (name, kind, extra = {}) => f(name, kind, { required: false, ...extra });
const played = opt('played', 'json', { role: 'played' });
const one = (id) => [{ id, label: `game.${id}`, players: null }];
const TERMINALS = {
  Crash: 'c46f0705f6ba4df891ce44accda8f89f5a6fa8b987eb7c7b445280cf6cabfbc6',
  Platform: 'eeb4d340bfaed702601b9a08faba2f8088c4810c3e3a883293accaf25053b883',
  Battle: '63cb1eb64ec4eb4de02f6bad85e42365d08f37497a1b7e907bd0b9183f27e1b3',
};
const terminals = (...names) => names.map((name) => ({ name, hash: TERMINALS[name] }));
const chainFields = (terminalRequired) => [
  terminalRequired ? f('terminal', 'hash', { role: 'commitment', primary: true })
    : opt('terminal', 'hash', { role: 'commitment', primary: true }),
  opt('maxSteps', 'int', { min: 1, max: 100000000 }),
];
const scheme = (id, fields, extra = {}) => ({
  id, label: `scheme.${id}`, help: `help.${id}`, chain: false, games: one(id), terminals: [], fields: [...fields, played], ...extra,
});

export const TEMP_DESCRIPTORS = [
  scheme('match_seed_v2', [
    f('game', 'select', { options: GAMES }),
    f('matchId', 'text', { role: 'id' }),
    f('serverSeed', 'text', { role: 'secret' }),
    f('commitment', 'hash', { role: 'commitment', primary: true }),
    f('clientSeeds', 'list', { role: 'client' }),
    f('rolls', 'int', { games: ['table'], role: 'count', min: 0, max: 10000 }),
    f('deals', 'int', { games: ['tarneeb', 'trix', 'bridge'], role: 'count' }),
    f('hands', 'buyers', { games: ['baloot'] }),
    opt('tileSet', 'int', { games: ['mahjong'] }),
    opt('draws', 'int', { games: ['mahjong'], role: 'count' }),
  ], { games: GAMES.map((id) => ({ id, label: `game.${id}`, players: ['table', 'dame', 'xiangqi'].includes(id) ? 2 : 4 })) }),
  scheme('poker_hmac_v1', [
    f('table', 'text', { role: 'id' }),
    f('session', 'text', { role: 'id' }),
    f('hand', 'int', { role: 'id' }),
    f('clientSeeds', 'seats', { role: 'client', label: 'field.seatSeeds' }),
    f('handCommitment', 'hash', { role: 'commitment', primary: true }),
    f('deckRoot', 'hash', { role: 'commitment' }),
    opt('serverSeed', 'text', { role: 'secret', label: 'field.sessionSeed' }),
    opt('commitment', 'hash', { role: 'commitment', label: 'field.sessionCommitment' }),
    opt('leaves', 'json', { role: 'secret' }),
  ]),
  scheme('chess_colour_v1', [
    f('seedA', 'text', { role: 'secret' }),
    f('commitA', 'text', { role: 'commitment', primary: true }),
    f('clientA', 'text', { role: 'client', empty: 'keep' }),
    f('seedB', 'text', { role: 'secret', empty: 'null' }),
    f('commitB', 'text', { role: 'commitment', empty: 'null' }),
    f('clientB', 'text', { role: 'client', empty: 'keep' }),
  ]),
  scheme('selfpoker', [
    f('seed', 'text', { role: 'secret' }),
    f('commit', 'hash', { role: 'commitment', primary: true }),
    f('players', 'int', { min: 2, max: 23 }),
  ]),
  scheme('crash', [f('hash', 'hash', { role: 'secret' }), opt('history', 'int', { role: 'count' }), ...chainFields(false)],
    { chain: true, terminals: terminals('Crash') }),
  scheme('platforms', [f('hash', 'hash', { role: 'secret' }), ...chainFields(false)],
    { chain: true, terminals: terminals('Platform') }),
  scheme('battle', [f('hash', 'hash', { role: 'secret' }), f('chances', 'numbers'), ...chainFields(false)],
    { chain: true, terminals: terminals('Battle') }),
  scheme('hash_chain', [f('hash', 'hash', { role: 'secret' }), ...chainFields(true)],
    { chain: true, terminals: terminals('Crash', 'Platform', 'Battle') }),
  scheme('dice', [
    f('serverSeed', 'text', { role: 'secret' }),
    opt('serverSeedHash', 'hash', { role: 'commitment', primary: true }),
    f('clientSeed', 'text', { role: 'client', empty: 'keep' }),
    f('nonce', 'int', { role: 'id' }),
    f('selected', 'numbers', { role: 'option' }),
  ]),
  scheme('mines', [
    f('serverSeed', 'text', { role: 'secret' }),
    opt('serverSeedHash', 'hash', { role: 'commitment', primary: true }),
    f('clientSeed', 'text', { role: 'client', empty: 'keep' }),
    f('nonce', 'int', { role: 'id' }),
    f('mines', 'int', { role: 'option', min: 0, max: 25 }),
  ]),
];
