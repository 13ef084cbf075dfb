// table.js: the table page of `pli serve`. It draws the server's `view`,
// `legal` and events only (INTERFACE.md §3); it never folds events into a
// state of its own (it only remembers, for the person, the plis seen this
// manche and the places of past manches). Cards are drawn by cards.js
// (PliCards), the replay page's renderer, put before this file by
// serve/embed.cmake. Any text from a person (names, chat) goes in with
// textContent, never as HTML.
'use strict';
const $ = (id) => document.getElementById(id);
const store = window.sessionStorage;
let me = JSON.parse(store.getItem('pli') || 'null');  // {table, token, host, code}
let ws = null, lastSeq = 0, view = null, legal = [], seats = [], picked = new Set(), rid = 0;
// The server's exact action and label for each entry of `legal` (issue 27).
let actions = [];
let ruleset = null;  // the table's (welcome): its game in /api/games
let lastAct = null, retryAct = null;  // the last action sent; one refused while the database fails over
let started = false, sawEnd = false, acks = 0, catalogue = null, serverCatalogue = false, focusWanted = false;
let pliLog = [], pliHist = [], lastPli = null, trickHist = [];  // this manche, as seen
let lang = localStorage.getItem('pli-lang') || ((navigator.language || 'fr').toLowerCase().startsWith('fr') ? 'fr' : 'en');

// ---------------------------------------------------------------------------
// The page's words, French and English (one shown at a time).
const WORDS = {
  fr: {
    newTable: 'Nouvelle table', game: 'Jeu', ruleset: 'Variante', seats: 'Places', bots: 'Robots', options: 'Options de la variante',
    yourName: 'Votre nom', create: 'Créer la table', join: 'Rejoindre une table', code: 'Code de la table', joinBtn: 'Rejoindre',
    copyLink: 'Copier le lien', copied: 'Lien copié', start: 'Commencer (robots aux places vides)', endGame: 'Terminer la partie',
    confirmEnd: 'Terminer la partie pour toute la table ? Elle ne pourra pas reprendre.', no: 'Non, continuer', yesEnd: 'Oui, terminer',
    history: 'Plis de la manche', download: 'Télécharger le journal', replay: 'Revoir la partie', chat: 'Discussion', message: 'Message', send: 'Envoyer',
    easy: 'facile', medium: 'moyen', hard: 'difficile', bot: 'robot', human: 'personne', open: 'place libre', away: 'absent', here: 'connecté',
    connected: 'connecté', disconnected: 'déconnecté, reconnexion…', reconnecting: 'la base de données bascule, reconnexion… votre action sera renvoyée', elsewhere: 'ouvert dans un autre onglet', you: 'vous',
    nameNeeded: 'Un nom, s\'il vous plaît', codeNeeded: 'Le code de la table (par exemple K7M-Q2P)', seatsRange: (a, b) => `De ${a} à ${b} places`,
    cards: (n) => `${n} carte${n > 1 ? 's' : ''}`, toAct: 'à jouer', toBid: 'doit annoncer', toGive: 'doit donner', bid: (b, w) => `annonce ${b ?? '—'} · plis ${w}`,
    manche: (m) => `Manche ${m}`, waiting: 'En attente des joueurs', shareCode: (c) => `Code : ${c}`,
    pass: 'Passer', passed: 'passe', out: 'a passé', finished: (k) => `fini ${k}ᵉ`, dealer: 'donneur',
    places: ['Président', 'Vice-Président', 'Neutre', 'Vice-Trouduc', 'Trouduc'],
    countName: { 1: 'simples', 2: 'paires', 3: 'brelans', 4: 'carrés' }, noLead: 'pas encore d\'entame',
    suite: 'suite : le rang juste au-dessus (U2)', reverse: 'reverse : le rang juste en dessous (V3)', free: 'pli libre : égal ou plus fort (P3)',
    ouRien: (r) => `${r} ou rien : ce rang ou passer (O2)`, revolution: 'révolution : ordre inversé (Q1)', normal: 'ordre normal',
    trump: (s) => `atout : ${s}`, noTrump: 'pas d\'atout', led: (s) => `couleur demandée : ${s}`, noLed: 'pas encore de couleur demandée',
    handSize: (n) => `${n} carte${n > 1 ? 's' : ''} par joueur`, turned: 'retournée',
    takenBy: (n) => `Pli remporté par ${n}`, lastPliNo: (k, n) => `Pli ${k} remporté par ${n}`, winningNow: 'gagne pour l\'instant',
    yourTurn: 'À vous de jouer', theirTurn: (n) => `${n} joue`, pickCards: 'Touchez les cartes à jouer, puis le bouton.',
    pickCard: 'Touchez une carte pour la jouer.', notPlayable: 'Cette sélection ne se joue pas ici. Possible : ',
    play: (w) => `Jouer ${w}`, playDeclare: (w, d) => `Jouer ${w} et annoncer ${d === 'suite' ? 'une suite' : 'un reverse'}`,
    close: (w) => `Fermer le pli avec ${w} (X1)`, times: (n, r) => `${n > 1 ? n + ' × ' : ''}${r === 'T' ? '10' : r}`,
    tigressAs: (d) => `Jouer la Tigresse ${d === 'pirate' ? 'en pirate' : 'en fuite'}`, bidBtn: (b) => `Annoncer ${b}`,
    bidGuide: (n) => `Combien de plis ferez-vous sur ${n} ? Annoncez.`,
    give: (n, who) => `Donner ${n > 1 ? 'ces ' + n + ' cartes' : 'cette carte'} à ${who}`,
    giveGuide: (n, who) => `Échange (RULES.md §11) : donnez ${n} carte${n > 1 ? 's' : ''} à ${who}.`,
    forced: (ranks) => ` La règle impose : ${ranks} (K1 ; n'importe quelle couleur à rang égal, K2). Elles sont choisies pour vous.`,
    free2: ' Cartes de votre choix (option exchange = choice).', more: (k) => ` Encore ${k} à choisir.`, tooMany: (k) => ` ${k} de trop.`,
    gift: (a, b, n, done) => `${a} → ${b} : ${n} carte${n > 1 ? 's' : ''}${done ? ' ✓ donné' : ' (à donner)'}`,
    receive: (who, n) => `${who} vous donnera ${n} carte${n > 1 ? 's' : ''}.`, waitGifts: 'Les autres échanges se font.',
    results: (m) => `Résultats après la manche ${m}`, final: 'Fin de la partie', winners: (w) => `Gagnant${w.includes(',') ? 's' : ''} : ${w}`,
    total: 'Total', player: 'Joueur', won: 'plis', pts: 'pts', legendSk: 'Par manche : points, puis annonce/plis faits.',
    chatRefused: 'Message refusé', sayHello: 'Écrire à la table',
  },
  en: {
    newTable: 'New table', game: 'Game', ruleset: 'Variant', seats: 'Seats', bots: 'Bots', options: 'The variant\'s options',
    yourName: 'Your name', create: 'Create the table', join: 'Join a table', code: 'Table code', joinBtn: 'Join',
    copyLink: 'Copy the link', copied: 'Link copied', start: 'Start (bots in the empty seats)', endGame: 'End the game',
    confirmEnd: 'End the game for the whole table? It cannot resume.', no: 'No, go on', yesEnd: 'Yes, end it',
    history: 'Tricks of this manche', download: 'Download the log', replay: 'Replay the game', chat: 'Chat', message: 'Message', send: 'Send',
    easy: 'easy', medium: 'medium', hard: 'hard', bot: 'bot', human: 'person', open: 'open seat', away: 'away', here: 'connected',
    connected: 'connected', disconnected: 'disconnected, reconnecting…', reconnecting: 'the database is failing over, reconnecting… your action will be sent again', elsewhere: 'opened in another tab', you: 'you',
    nameNeeded: 'A name, please', codeNeeded: 'The table\'s code (for example K7M-Q2P)', seatsRange: (a, b) => `From ${a} to ${b} seats`,
    cards: (n) => `${n} card${n === 1 ? '' : 's'}`, toAct: 'to play', toBid: 'to bid', toGive: 'to give', bid: (b, w) => `bid ${b ?? '—'} · won ${w}`,
    manche: (m) => `Manche ${m}`, waiting: 'Waiting for players', shareCode: (c) => `Code: ${c}`,
    pass: 'Pass', passed: 'pass', out: 'passed', finished: (k) => `out ${k}${k === 1 ? 'st' : k === 2 ? 'nd' : k === 3 ? 'rd' : 'th'}`, dealer: 'dealer',
    places: ['Président', 'Vice-Président', 'Neutral', 'Vice-Trouduc', 'Trouduc'],
    countName: { 1: 'singles', 2: 'pairs', 3: 'triples', 4: 'fours' }, noLead: 'no lead yet',
    suite: 'suite: the rank just above (U2)', reverse: 'reverse: the rank just below (V3)', free: 'free pli: equal or stronger (P3)',
    ouRien: (r) => `${r} or nothing: that rank or pass (O2)`, revolution: 'révolution: order reversed (Q1)', normal: 'normal order',
    trump: (s) => `trump: ${s}`, noTrump: 'no trump', led: (s) => `suit led: ${s}`, noLed: 'no suit led yet',
    handSize: (n) => `${n} card${n > 1 ? 's' : ''} each`, turned: 'turned',
    takenBy: (n) => `Trick taken by ${n}`, lastPliNo: (k, n) => `Trick ${k} taken by ${n}`, winningNow: 'winning so far',
    yourTurn: 'Your turn', theirTurn: (n) => `${n} to play`, pickCards: 'Tap the cards to play, then the button.',
    pickCard: 'Tap a card to play it.', notPlayable: 'This selection cannot be played here. Possible: ',
    play: (w) => `Play ${w}`, playDeclare: (w, d) => `Play ${w} declaring a ${d}`,
    close: (w) => `Close the pli with ${w} (X1)`, times: (n, r) => `${n > 1 ? n + ' × ' : ''}${r === 'T' ? '10' : r}`,
    tigressAs: (d) => `Play the Tigress as ${d === 'pirate' ? 'a pirate' : 'an escape'}`, bidBtn: (b) => `Bid ${b}`,
    bidGuide: (n) => `How many tricks will you take of ${n}? Bid.`,
    give: (n, who) => `Give ${n > 1 ? 'these ' + n + ' cards' : 'this card'} to ${who}`,
    giveGuide: (n, who) => `Exchange (RULES.md §11): give ${n} card${n > 1 ? 's' : ''} to ${who}.`,
    forced: (ranks) => ` The rules require: ${ranks} (K1; any suit among equal ranks, K2). They are chosen for you.`,
    free2: ' Cards of your choice (option exchange = choice).', more: (k) => ` ${k} more to choose.`, tooMany: (k) => ` ${k} too many.`,
    gift: (a, b, n, done) => `${a} → ${b}: ${n} card${n > 1 ? 's' : ''}${done ? ' ✓ given' : ' (owed)'}`,
    receive: (who, n) => `${who} will give you ${n} card${n > 1 ? 's' : ''}.`, waitGifts: 'The other gifts are being made.',
    results: (m) => `Results after manche ${m}`, final: 'The game is over', winners: (w) => `Winner${w.includes(',') ? 's' : ''}: ${w}`,
    total: 'Total', player: 'Player', won: 'won', pts: 'pts', legendSk: 'Each manche: points, then bid/tricks won.',
    chatRefused: 'Message refused', sayHello: 'Write to the table',
  },
};
const t = (k, ...a) => { const w = WORDS[lang][k]; return typeof w === 'function' ? w(...a) : w; };
function applyLang() {
  document.documentElement.lang = lang;
  for (const e of document.querySelectorAll('[data-t]')) e.textContent = t(e.dataset.t);
  $('lang').textContent = lang === 'fr' ? 'English' : 'Français';
  $('lang').setAttribute('aria-label', lang === 'fr' ? 'Switch to English' : 'Passer en français');
  $('chattext').placeholder = t('sayHello');
  if (catalogue) fillLobby(true);
  draw();
}
$('lang').onclick = () => { lang = lang === 'fr' ? 'en' : 'fr'; localStorage.setItem('pli-lang', lang); applyLang(); };
const serverText = (b) => (lang === 'fr' && b && b.message_fr) || (b && b.message) || '';

async function api(method, path, body, token) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = 'Bearer ' + token;
  try {
    const r = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
    const type = r.headers.get('Content-Type') || '';
    return { status: r.status, body: type.includes('json') && !type.includes('ndjson') ? await r.json() : await r.text() };
  } catch (e) {
    return { status: 0, body: { message: String(e) } };
  }
}
function save() { store.setItem('pli', JSON.stringify(me)); }
function say(text) { $('status').textContent = text; }

// ---------------------------------------------------------------------------
// The lobby: its form built from GET /api/games (the games, their
// rulesets, seat ranges, bot levels and typed options); a server without
// that endpoint gets the built-in list below (no options beyond the preset).
const FALLBACK = { games: [
  { game: 'president', title: 'Super Président', seats: { min: 4, max: 8 }, levels: ['easy', 'medium', 'hard'],
    rulesets: [{ name: 'super-president', defaults: {} }, { name: 'classic', defaults: {} }],
    options: [{ name: 'manches', type: 'int', min: 0, max: 99, default: 0, rule: 'G1',
      label: { fr: 'Manches (0 : jusqu\'à ce que l\'hôte termine)', en: 'Manches (0: until the host ends the game)' } }] },
  { game: 'skull-king', title: 'Skull King', seats: { min: 2, max: 8 }, levels: ['easy', 'medium', 'hard'],
    rulesets: [{ name: 'skull-king', defaults: {} }, { name: 'skull-king-official', defaults: {} }, { name: 'skull-king-original', defaults: {} }], options: [] },
] };
async function loadCatalogue() {
  const r = await api('GET', '/api/games');
  serverCatalogue = r.status === 200 && r.body && Array.isArray(r.body.games);
  catalogue = serverCatalogue ? r.body : FALLBACK;
  $('chat').hidden = !serverCatalogue;  // chat came with /api/games (issue 26)
  fillLobby(false);
}
const gameOf = () => catalogue.games.find((g) => g.game === $('game').value) || catalogue.games[0];
const rulesetOf = () => gameOf().rulesets.find((r) => r.name === $('ruleset').value) || gameOf().rulesets[0];
function fillLobby(keep) {
  const gsel = $('game'), gv = gsel.value;
  gsel.replaceChildren(...catalogue.games.map((g) => new Option(g.title || g.game, g.game)));
  if (keep && gv) gsel.value = gv;
  fillGame(keep);
}
function fillGame(keep) {
  const g = gameOf();
  const rsel = $('ruleset'), rv = rsel.value, bsel = $('bots'), bv = bsel.value;
  rsel.replaceChildren(...g.rulesets.map((r) => new Option(r.name, r.name)));
  if (keep && rv && g.rulesets.some((r) => r.name === rv)) rsel.value = rv;
  bsel.replaceChildren(...g.levels.map((l) => new Option(t(l) || l, l)));
  bsel.value = keep && g.levels.includes(bv) ? bv : g.levels.includes('medium') ? 'medium' : g.levels[0];
  const s = $('seats');
  s.min = g.seats.min; s.max = g.seats.max;
  if (!keep || !s.value) s.value = Math.min(Math.max(4, g.seats.min), g.seats.max);
  fillOptions(keep);
}
function optDefault(o) {
  const d = rulesetOf().defaults || {};
  return o.name in d ? d[o.name] : o.default;
}
function fillOptions(keep) {
  const box = $('opts'), old = {};
  if (keep) for (const o of gameOf().options) { const e = $('opt-' + o.name); if (e) old[o.name] = e.type === 'checkbox' ? e.checked : e.value; }
  box.replaceChildren();
  $('opts-box').hidden = gameOf().options.length === 0;
  for (const o of gameOf().options) {
    const div = document.createElement('div'); div.className = 'field opt';
    const lab = document.createElement('label'); lab.htmlFor = 'opt-' + o.name;
    lab.textContent = (o.label && (o.label[lang] || o.label.en)) || o.name;
    if (o.rule) { const r = document.createElement('small'); r.textContent = ' ' + o.rule; lab.append(r); }
    let input;
    const v = o.name in old ? old[o.name] : optDefault(o);
    if (o.type === 'bool') { input = document.createElement('input'); input.type = 'checkbox'; input.checked = !!v; div.classList.add('check'); }
    else if (o.type === 'enum') { input = document.createElement('select'); for (const x of o.values || []) input.append(new Option(String(x), String(x))); input.value = String(v); }
    else { input = document.createElement('input'); input.type = 'number'; if (o.min != null) input.min = o.min; if (o.max != null) input.max = o.max; input.value = v ?? ''; }
    input.id = 'opt-' + o.name; input.dataset.opt = o.name;
    const err = document.createElement('span'); err.className = 'err'; err.id = 'opt-' + o.name + '-err'; err.setAttribute('aria-live', 'polite');
    div.append(lab, input, err); box.append(div);
    input.addEventListener('change', refusedNow);
  }
  refusedNow();
}
// The value an option has in the form now.
function optValue(o) {
  const e = $('opt-' + o.name);
  if (!e) return optDefault(o);
  return o.type === 'bool' ? e.checked : o.type === 'int' ? Number(e.value) : e.value;
}
// A combination the game says a table cannot have (/api/games `refused`,
// issue 30): said beside the options as soon as it is chosen, and the table
// is not asked for. Its sentence, or '' when the choice is fine.
function refusedNow() {
  let why = '';
  for (const r of gameOf().refused || []) {
    const hit = Object.entries(r.options).every(([k, v]) => {
      const o = gameOf().options.find((x) => x.name === k);
      return o && optValue(o) === v;
    });
    if (hit) { why = (r.message && (r.message[lang] || r.message.en)) + (r.rule ? ` (${r.rule})` : ''); break; }
  }
  const e = $('opts-err');
  if (e) e.textContent = why;
  return why;
}
$('game').onchange = () => fillGame(false);
$('ruleset').onchange = () => fillOptions(false);
// The options sent: only those that differ from the ruleset's defaults.
function chosenOptions() {
  const out = {};
  for (const o of gameOf().options) {
    const e = $('opt-' + o.name);
    const v = o.type === 'bool' ? e.checked : o.type === 'int' ? Number(e.value) : e.value;
    if (v !== optDefault(o) && !(o.type === 'int' && e.value === '')) out[o.name] = v;
  }
  return out;
}
function fieldError(id, text) { const e = $(id + '-err'); if (e) e.textContent = text || ''; if (text && $(id)) $(id).setAttribute('aria-invalid', 'true'); else if ($(id)) $(id).removeAttribute('aria-invalid'); }
function clearErrors(form) { for (const e of form.querySelectorAll('.err')) e.textContent = ''; for (const e of form.querySelectorAll('[aria-invalid]')) e.removeAttribute('aria-invalid'); }
// A server error beside its field when it names one (`field`), else under the form.
function serverError(body, fallbackId, map) {
  const f = body && body.field ? String(body.field).replace(/^options\./, 'opt-') : '';
  const id = map[f] || (f && $(f + '-err') ? f : null) || map[body && body.error] || fallbackId;
  fieldError(id, serverText(body) || String(body));
  ($(id) || $(fallbackId + '-err'))?.focus?.();
}

$('create').onsubmit = async (e) => {
  e.preventDefault();
  clearErrors($('create'));
  const g = gameOf(), n = Number($('seats').value);
  if (!Number.isInteger(n) || n < g.seats.min || n > g.seats.max) { fieldError('seats', t('seatsRange', g.seats.min, g.seats.max)); $('seats').focus(); return; }
  const name = $('cname').value.trim();
  if (!name) { fieldError('cname', t('nameNeeded')); $('cname').focus(); return; }
  const refused = refusedNow();
  if (refused) { $('opts-box').open = true; $('opts-err').focus?.(); return; }
  const body = { ruleset: $('ruleset').value, seats: n, bots: $('bots').value };
  const options = chosenOptions();
  if (Object.keys(options).length) body.options = options;
  const c = await api('POST', '/api/tables', body);
  if (c.status !== 200) { serverError(c.body, 'create', { seats: 'seats', ruleset: 'ruleset', bots: 'bots' }); return; }
  const j = await api('POST', '/api/join', { code: c.body.code, name });
  if (j.status !== 200) { serverError(j.body, 'cname', { name: 'cname' }); return; }
  me = { table: c.body.table, code: c.body.code, host: c.body.host_token, token: j.body.token };
  save(); enter();
};
$('join').onsubmit = async (e) => {
  e.preventDefault();
  clearErrors($('join'));
  const code = $('code').value.trim().toUpperCase(), name = $('jname').value.trim();
  if (!code) { fieldError('code', t('codeNeeded')); $('code').focus(); return; }
  if (!name) { fieldError('jname', t('nameNeeded')); $('jname').focus(); return; }
  const j = await api('POST', '/api/join', { code, name });
  if (j.status !== 200) { serverError(j.body, 'code', { name: 'jname', 'name-taken': 'jname', code: 'code' }); return; }
  me = { table: j.body.table, code, token: j.body.token };
  save(); enter();
};
$('start').onclick = async () => {
  const r = await api('POST', `/api/tables/${me.table}/start`, null, me.host);
  if (r.status !== 200) say(serverText(r.body));
};
// "Terminer la partie": the host only, after a confirmation (issue 26).
$('endgame').onclick = () => $('confirm-end').showModal();
$('confirm-end').onclose = async () => {
  if ($('confirm-end').returnValue !== 'yes') { $('endgame').focus(); return; }
  const r = await api('POST', `/api/tables/${me.table}/end`, null, me.host);
  if (r.status !== 200) say(serverText(r.body));
};
$('copy').onclick = async () => {
  const link = `${location.origin}/t/${me.code}`;
  try { await navigator.clipboard.writeText(link); } catch {
    const i = $('sharelink'); i.select(); document.execCommand('copy');  // http on a LAN: no clipboard API
  }
  say(t('copied'));
};

function enter() {
  $('lobby').hidden = true; $('table').hidden = false;
  const link = `${location.origin}/t/${me.code}`;
  const code = document.createElement('b'); code.textContent = t('shareCode', me.code);
  const input = document.createElement('input'); input.id = 'sharelink'; input.readOnly = true; input.value = link; input.setAttribute('aria-label', 'link');
  input.onfocus = () => input.select();
  $('share').replaceChildren(code, ' ', input);
  if (me.game) loadHist();
  connect();
}

// ---------------------------------------------------------------------------
// The WebSocket (INTERFACE.md §3).
function connect() {
  ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
  ws.onopen = () => ws.send(JSON.stringify({ t: 'auth', table: me.table, token: me.token, since: lastSeq }));
  ws.onmessage = (m) => onMessage(JSON.parse(m.data));
  ws.onclose = () => { say(t('disconnected')); setTimeout(connect, 1500); };
}
function send(m) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(m)); }

function onMessage(m) {
  if (m.t === 'welcome') {
    seats = m.seats || []; started = !!m.started; ruleset = m.ruleset || ruleset;
    if (m.view && m.view.phase === 'game-over') sawEnd = true;  // a page opened after the end
    take(m, null); say(t('connected'));
  } else if (m.t === 'event') {
    if (m.seq > lastSeq) { if (m.event && m.event.type === 'game') started = true; take(m, m.event); }
  } else if (m.t === 'presence') { seats = m.seats; draw(); }
  else if (m.t === 'store') {
    // Failover (serve/README.md "Failover"): no primary for now. An action
    // refused meanwhile ("reconnecting") is sent again, with its expect,
    // once the store is back: written once at most (a second try that
    // finds it written is told stale, and the page reads the log again).
    if (m.state === 'reconnecting') say(t('reconnecting'));
    else { say(t('connected')); if (retryAct) { const a = retryAct; retryAct = null; send(a); } }
  } else if (m.t === 'rejected' && m.code === 'reconnecting' && lastAct && m.rid === lastAct.rid) {
    retryAct = lastAct; say(t('reconnecting'));
  } else if (m.t === 'rejected') {
    // A refusal never leaves the page stuck: the selection is cleared, the
    // legal list is the server's (or the one before), and focus returns to
    // the hand (issue 26).
    $('refusal').textContent = `${serverText(m) || m.code}${m.rule ? ' (' + m.rule + ')' : ''}`;
    if (Array.isArray(m.legal) && m.legal.length) { legal = m.legal; actions = m.actions || []; }  // a refusal changes nothing
    picked.clear(); focusWanted = true; draw();
  } else if (m.t === 'stale') { send({ t: 'resync', since: lastSeq }); }
  else if (m.t === 'ack') { acks++; $('refusal').textContent = ''; }
  else if (m.t === 'superseded') { say(t('elsewhere')); ws.onclose = null; }
  else if (m.t === 'error') { say(serverText(m)); }
  else if (m.t === 'chat') { chatLine(m); }
  else if (m.t === 'chat-refused') { $('chat-err').textContent = `${t('chatRefused')}: ${serverText(m) || m.code}`; }
}

// A new view (a welcome or an event): the plis of this manche as seen.
function take(m, ev) {
  const before = view;
  lastSeq = m.seq; view = m.view; legal = m.legal || []; actions = m.actions || [];
  if (view && view.game && me && me.game !== view.game) { me.game = view.game; save(); loadHist(); }
  if (ev) track(before, ev);
  if (ev && ev.type === 'end') sawEnd = true;
  picked.clear();
  if (view && (view.phase === 'play' || view.phase === 'exchange' || view.phase === 'bidding')) started = true;
  remember();
  draw();
}
const isPresident = () => view && 'pli' in view;
// The game of the table's ruleset (/api/games). The page draws Super
// Président and Skull King its own way; any other game (issue 27) from the
// server's view, its cards and counts, and each legal entry's exact action
// and label (`actions`), so that a new game is playable here unchanged.
function kindOf() {
  const g = catalogue && catalogue.games.find((x) => (x.rulesets || []).some((r) => r.name === ruleset));
  return g ? g.game : null;
}
const isGeneric = () => view && !isPresident() && kindOf() !== 'skull-king';
const labelOf = (a) => (a && a.label && (a.label[lang] || a.label.en)) || '';
function track(before, ev) {
  if (ev.type === 'deal') { pliLog = []; pliHist = []; lastPli = null; trickHist = []; return; }
  if (isPresident()) {
    if (ev.type === 'play' || ev.type === 'close' || ev.type === 'pass') pliLog.push({ seat: ev.seat, cards: ev.cards || null, declare: ev.declare || null, close: ev.type === 'close' });
    // The pli closed (E1-E4): no last play any more after one.
    if (view.pli && !view.pli.last && pliLog.some((p) => p.cards)) {
      const plays = pliLog.filter((p) => p.cards);
      lastPli = { n: pliHist.length + 1, plays: pliLog, winner: plays[plays.length - 1].seat };
      pliHist.push(lastPli); pliLog = [];
    } else if (ev.type === 'play' || ev.type === 'close') lastPli = null;
  } else if (view.last_trick && (!before || !before.last_trick || before.last_trick.number !== view.last_trick.number || before.manche !== view.manche)) {
    trickHist.push(view.last_trick);
  }
}
// Président's places by manche, kept for the score table (the state keeps
// only the last manche's): sessionStorage, per game.
let hist = {};
function loadHist() { hist = JSON.parse(store.getItem('pli-hist-' + (me && me.game)) || '{}'); }
function remember() {
  if (!isPresident() || !view.ranking) return;
  // `ranking` is the last finished manche's: this one's once every seat but
  // one is out (F3), else the one before (a manche going on, or a game the
  // host ended in the middle of one).
  const n = (view.counts || seats).length;
  const m = (view.finished || []).length >= n - 1 && (view.phase === 'manche-over' || view.phase === 'game-over') ? view.manche : view.manche - 1;
  if (m < 1) return;
  hist[m] = { ranking: view.ranking, scores: view.scores || null };
  store.setItem('pli-hist-' + view.game, JSON.stringify(hist));
}

// ---------------------------------------------------------------------------
// Drawing.
const nameOf = (s) => (seats[s] && seats[s].name) || (lang === 'fr' ? `place ${s}` : `seat ${s}`);
const placeName = (n, k) => { const P = t('places'); return k === 0 ? P[0] : k === n - 1 ? P[4] : k === 1 && n > 3 ? P[1] : k === n - 2 && n > 3 ? P[3] : P[2]; };
function node(tag, cls, text) { const e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; }
function cardsEl(cards, opts = {}) { const d = node('span', 'cards'); for (const c of cards) d.append(PliCards.el(c, { lang, ...opts })); return d; }
function toActSet() {
  if (!view) return new Set();
  if (view.phase === 'bidding' && view.to_bid) return new Set(view.turn != null ? [view.turn] : view.to_bid);  // SK-B2: in turn, or all at once
  if (view.phase === 'exchange' && view.gifts) return new Set(view.gifts.filter((g) => !g.done).map((g) => g.from));
  return new Set(view.turn != null ? [view.turn] : []);
}

function draw() {
  if (!$('table') || $('table').hidden) return;
  const active = document.activeElement;
  const hadFocus = active && ($('hand').contains(active) || $('actions').contains(active));
  const focusKey = hadFocus ? (active.dataset.card ? '[data-card="' + active.dataset.card + '"]' : active.dataset.key ? '[data-key="' + active.dataset.key + '"]' : null) : null;
  drawSeats();
  $('start').hidden = !(me && me.host) || started;
  $('endgame').hidden = !(me && me.host) || !started || (view && view.phase === 'game-over');
  if (!view || !started) { $('inforce').textContent = t('waiting'); return; }
  drawInForce();
  drawTrick();
  drawHand();
  drawActions();
  drawResults();
  // Focus after each action: the same control if it is still there, else
  // the first card or button to use (never taken from the chat's input).
  if (hadFocus || focusWanted) {
    const same = focusKey && document.querySelector('#hand ' + focusKey + ', #actions ' + focusKey);
    const first = document.querySelector('#actions button:not([disabled])') || document.querySelector('#hand button:not([disabled])');
    if (same && !same.disabled) same.focus(); else if (first) first.focus();
    focusWanted = false;
  }
}

function drawSeats() {
  const list = $('seatlist'); list.replaceChildren();
  const acting = toActSet();
  const n = seats.length;
  seats.forEach((s, i) => {
    const li = node('li', 'seat');
    li.dataset.seat = i;
    if (acting.has(i)) li.classList.add('toact');
    if (view && view.seat === i) li.classList.add('me');
    const top = node('div', 'who');
    const dot = node('span', 'dot ' + (s.connected ? 'on' : 'off'), s.connected ? '●' : '○');
    dot.title = s.connected ? t('here') : t('away');
    top.append(dot, node('b', 'name', s.name || t('open')));
    if (view && view.seat === i) top.append(node('small', 'you', ' (' + t('you') + ')'));
    li.append(top);
    const kind = s.kind || '';
    const bits = [];
    if (kind.startsWith('bot')) bits.push(`${t('bot')} · ${t(kind.slice(4)) || kind.slice(4)}`);
    else if (kind === 'human') bits.push(t('human') + (s.connected ? '' : ' · ' + t('away')));
    else bits.push(t('open'));
    if (view && view.counts) bits.push(t('cards', view.counts[i]));
    li.append(node('div', 'kind', bits.join(' · ')));
    const info = [];
    if (view && isPresident()) {
      if (view.ranking) { const k = view.ranking.indexOf(i); if (k >= 0) info.push(placeName(view.ranking.length, k)); }
      const f = (view.finished || []).indexOf(i);
      if (f >= 0) info.push(t('finished', f + 1));
      if (view.pli && (view.pli.out || []).includes(i) && f < 0) info.push(t('out'));
    } else if (view && view.bids) {
      info.push(t('bid', view.bids[i], view.won ? view.won[i] : 0));
      if (view.dealer === i) info.push(t('dealer'));
    }
    if (acting.has(i)) info.push(view.phase === 'bidding' ? t('toBid') : view.phase === 'exchange' ? t('toGive') : t('toAct'));
    if (info.length) li.append(node('div', 'info', info.join(' · ')));
    li.setAttribute('aria-label', [s.name, ...bits, ...info].join(', '));
    list.append(li);
  });
  void n;
}

// What is in force, in words (RULES.md §3-9; SK-D3, SK-P5).
function drawInForce() {
  const box = $('inforce'); box.replaceChildren();
  const chip = (text, on) => { box.append(node('span', 'chip' + (on ? ' on' : ''), text)); };
  box.append(node('b', 'manche', t('manche', view.manche)));
  if (isPresident()) {
    const p = view.pli || {};
    if (view.phase === 'play') {
      chip(p.count ? t('countName')[p.count] || p.count : t('noLead'), !!p.count);
      if (p.mode === 'suite') chip(t('suite'), true); else if (p.mode === 'reverse') chip(t('reverse'), true); else if (p.count) chip(t('free'), false);
      if (p.ou_rien && p.last) chip(t('ouRien', PliCards.rank(p.last.cards[0]) === 'T' ? '10' : PliCards.rank(p.last.cards[0])), true);
    }
    chip(view.revolution ? t('revolution') : t('normal'), view.revolution);
  } else if (isGeneric()) {
    if (view.phase) chip(String(view.phase), false);
  } else {
    if (view.hand_size) chip(t('handSize', view.hand_size), false);
    const suitName = (s) => PliCards.SK_SUITS[s] ? `${PliCards.SK_SUITS[s][lang]} ${PliCards.SK_SUITS[s].sign}` : s;
    chip(view.trump ? t('trump', suitName(view.trump)) : t('noTrump'), !!view.trump);
    if (view.phase === 'play' && view.trick) chip(view.trick.lead_suit ? t('led', suitName(view.trick.lead_suit)) : t('noLed'), !!view.trick.lead_suit);
    if (view.turned) { const s = node('span', 'chip turned', t('turned') + ' '); s.append(PliCards.el(view.turned, { lang, extra: 'small' })); box.append(s); }
  }
}

function playRow(seat, cards, opts) {
  const d = node('div', 'play' + (opts.win ? ' win' : ''));
  d.dataset.seat = seat;
  if (cards) d.append(cardsEl(cards, { declare: opts.declare, extra: opts.win ? 'winning' : '' }));
  else d.append(node('span', 'passmark', t('passed')));
  const who = node('div', 'pname', nameOf(seat));
  if (opts.win) who.append(node('span', 'star', ' ★'));
  if (opts.note) who.append(node('small', '', ' ' + opts.note));
  d.append(who);
  return d;
}
function drawTrick() {
  const box = $('trick'), last = $('lasttrick'), hl = $('history-list');
  box.replaceChildren(); last.replaceChildren(); hl.replaceChildren();
  // `win(p, k)`: the play that holds the trick (Président: the last play
  // made; Skull King: the server's `winning` or `winner`).
  const shown = (plays, win, getCards) => plays.map((p, k) => playRow(p.seat, getCards(p), { declare: p.declare, win: !!getCards(p) && win(p, k), note: p.declare && isPresident() ? p.declare : p.close ? 'X1' : '' }));
  const lastMade = (plays) => { let w = -1; plays.forEach((p, k) => { if (p.cards) w = k; }); return (p, k) => k === w; };
  if (isGeneric()) {
    $('history').hidden = true;
  } else if (isPresident()) {
    if (view.phase === 'exchange') {
      // The gifts of RULES.md §11 (K1), who to whom, made or owed.
      const ul = node('ul', 'gifts');
      for (const g of view.gifts || []) ul.append(node('li', g.done ? 'done' : '', t('gift', nameOf(g.from), nameOf(g.to), g.count, g.done)));
      box.append(ul);
    }
    let plays = pliLog;
    if (!plays.length && view.pli && view.pli.last) plays = [{ seat: view.pli.last.seat, cards: view.pli.last.cards }];  // after a reload
    box.append(...shown(plays, lastMade(plays), (p) => p.cards));
    box.querySelectorAll('.play.win').forEach((e) => { e.title = t('winningNow'); });
    if (!plays.length && lastPli) {
      last.append(node('div', 'taken', t('takenBy', nameOf(lastPli.winner))));
      const row = node('div', 'row'); row.append(...shown(lastPli.plays, lastMade(lastPli.plays), (p) => p.cards)); last.append(row);
    }
    pliHist.forEach((h) => { const li = node('li'); li.append(node('span', '', nameOf(h.winner) + ' : ')); for (const p of h.plays.filter((x) => x.cards)) li.append(cardsEl(p.cards, { extra: 'small' })); hl.append(li); });
    $('history').hidden = pliHist.length === 0;
  } else {
    const tr = view.trick;
    if (tr && tr.plays.length) box.append(...shown(tr.plays, (p) => p.seat === tr.winning, (p) => [p.card]));
    else if (view.last_trick) {
      const l = view.last_trick;
      last.append(node('div', 'taken', t('lastPliNo', l.number, nameOf(l.winner)) + (l.bonus ? ` (+${l.bonus})` : '')));
      const row = node('div', 'row'); row.append(...shown(l.plays, (p) => p.seat === l.winner, (p) => [p.card])); last.append(row);
    }
    trickHist.forEach((h) => { const li = node('li'); li.append(node('span', '', nameOf(h.winner) + ' : ')); for (const p of h.plays) li.append(PliCards.el(p.card, { lang, declare: p.declare, extra: 'small' + (p.seat === h.winner ? ' winning' : '') })); hl.append(li); });
    $('history').hidden = trickHist.length === 0;
  }
}

// Which legal entries use a card: Président by rank (play, close) or the
// gift's ranks (K2); Skull King by the card itself.
function usable(c) {
  return legal.some((a) => {
    if (a.type === 'play' || a.type === 'close') return a.card ? a.card === c : a.rank === PliCards.rank(c);
    if (a.type === 'exchange') return !a.ranks || a.ranks.includes(PliCards.rank(c));
    return false;
  });
}
function drawHand() {
  const hand = $('hand'); hand.replaceChildren();
  hand.setAttribute('aria-label', lang === 'fr' ? 'Votre main' : 'Your hand');
  const exchange = legal.find((a) => a.type === 'exchange');
  // K1/K2: the cards the rule names are chosen for the giver at once.
  if (exchange && exchange.ranks && picked.size === 0) {
    for (const r of exchange.ranks) {
      const c = (view.hand || []).find((x) => PliCards.rank(x) === r && !picked.has(x));
      if (c) picked.add(c);
    }
  }
  // Cards are buttons only while `legal` has a use for cards (a play, a
  // close, a gift); otherwise they are shown, not greyed.
  const live = !isGeneric() && legal.some((a) => a.type === 'play' || a.type === 'close' || a.type === 'exchange');
  for (const c of PliCards.sort(view.hand || [], !!view.revolution)) {
    if (!live) { hand.append(PliCards.el(c, { lang })); continue; }
    const b = PliCards.el(c, { lang, tag: 'button' });
    b.type = 'button';
    b.classList.add('cardbtn');
    if (picked.has(c)) b.classList.add('on');
    b.setAttribute('aria-pressed', picked.has(c) ? 'true' : 'false');
    b.disabled = !usable(c);
    b.onclick = () => {
      if (!isPresident()) { const was = picked.has(c); picked.clear(); if (!was) picked.add(c); }
      else if (picked.has(c)) picked.delete(c); else picked.add(c);
      $('refusal').textContent = '';
      drawHand(); drawActions();
      const again = $('hand').querySelector(`[data-card="${c}"]`); if (again) again.focus();
    };
    hand.append(b);
  }
}

// The action the server gives for legal entry `a` (`actions`, aligned with
// `legal`), else `fallback`: what a button with no cards to pick sends.
function given(a, fallback) {
  const g = actions[legal.indexOf(a)];
  return (g && g.action) || fallback;
}
function actButton(key, label, action, cls) {
  const b = node('button', cls || '', label);
  b.type = 'button'; b.dataset.key = key; b.dataset.action = action.type;
  if (action.declare) b.dataset.declare = action.declare;
  b.onclick = () => act(action);
  $('actions').append(b);
  return b;
}
function drawActions() {
  $('actions').replaceChildren();
  const guide = $('guide'); guide.replaceChildren();
  const line = (text, cls) => guide.append(node('p', cls || '', text));
  const mine = legal.length > 0;
  const acting = toActSet();
  if (view.phase === 'game-over') return;
  if (!mine) {
    if (view.phase === 'exchange') {
      for (const g of view.gifts || []) if (g.to === view.seat && !g.done) line(t('receive', nameOf(g.from), g.count));
      line(t('waitGifts'));
    } else if (acting.size) line(t('theirTurn', [...acting].map(nameOf).join(', ')));
    return;
  }
  const pickedList = [...picked];
  if (isGeneric()) {
    // Any other game: one button per legal entry, its label and its exact
    // action as the server gives them (SERVE-INTERFACE.md `actions`).
    line(t('yourTurn'), 'turn');
    legal.forEach((a, i) => {
      const g = actions[i];
      if (g && g.action) actButton(`act${i}`, labelOf(g) || g.action.type, g.action, i === 0 ? 'primary' : '');
    });
  } else if (isPresident()) {
    const ex = legal.filter((a) => a.type === 'exchange');
    for (const a of ex) {
      // The exchange guided: how many, to whom, which the rule forces.
      let text = t('giveGuide', a.count, nameOf(a.to));
      text += a.ranks ? t('forced', a.ranks.map((r) => (r === 'T' ? '10' : r)).join(', ')) : t('free2');
      if (pickedList.length < a.count) text += t('more', a.count - pickedList.length);
      if (pickedList.length > a.count) text += t('tooMany', pickedList.length - a.count);
      line(text, 'exchange');
      for (const g of view.gifts || []) if (g.to === view.seat && !g.done) line(t('receive', nameOf(g.from), g.count));
      if (pickedList.length === a.count) actButton('give' + a.to, t('give', a.count, nameOf(a.to)), { type: 'exchange', to: a.to, cards: pickedList }, 'primary');
    }
    if (legal.some((a) => a.type === 'play' || a.type === 'close')) {
      line(t('yourTurn'), 'turn');
      const ranks = new Set(pickedList.map(PliCards.rank));
      if (!pickedList.length) line(t('pickCards'));
      else {
        // What the selection would do: the legal entries it matches.
        const r = [...ranks][0];
        const match = ranks.size === 1 ? legal.filter((a) => (a.type === 'play' || a.type === 'close') && a.rank === r && a.count === pickedList.length) : [];
        for (const a of match) {
          const w = t('times', a.count, a.rank);
          if (a.type === 'close') actButton(`close${a.rank}`, t('close', w), { type: 'close', cards: pickedList });
          else if (a.declare) actButton(`play${a.declare}`, t('playDeclare', w, a.declare), { type: 'play', cards: pickedList, declare: a.declare }, 'declare');
          else actButton('play', t('play', w), { type: 'play', cards: pickedList }, 'primary');
        }
        if (!match.length) {
          const seen = new Set(), poss = [];
          for (const a of legal) if ((a.type === 'play' || a.type === 'close') && !seen.has(a.rank + a.count)) { seen.add(a.rank + a.count); poss.push(t('times', a.count, a.rank)); }
          line(t('notPlayable') + poss.join(', '), 'warn');
        }
      }
    }
    const pass = legal.find((a) => a.type === 'pass');
    if (pass) actButton('pass', t('pass'), given(pass, { type: 'pass' }));
  } else {
    const bids = legal.filter((a) => a.type === 'bid');
    if (bids.length) {
      line(t('bidGuide', view.hand_size), 'turn');
      for (const a of bids) actButton(`bid${a.bid}${a.cannon || ''}`, t('bidBtn', a.bid) + (a.cannon ? ` (${a.cannon})` : ''), given(a, { type: 'bid', bid: a.bid, ...(a.cannon ? { cannon: a.cannon } : {}) }), 'bidbtn');
    }
    if (legal.some((a) => a.type === 'play')) {
      line(t('yourTurn'), 'turn');
      const c = pickedList[0];
      if (!c) line(t('pickCard'));
      else for (const a of legal.filter((x) => x.type === 'play' && x.card === c)) {
        // SK-P3: the Tigress is played as a pirate or as an escape.
        if (a.declare) actButton(`play${a.declare}`, t('tigressAs', a.declare), given(a, { type: 'play', cards: [c], declare: a.declare }), 'declare');
        else actButton('play', t('play', PliCards.label(c, lang)), given(a, { type: 'play', cards: [c] }), 'primary');
      }
    }
  }
}

function act(action) {
  // Never an empty play (issue 26): a play or close with no card is not sent.
  if ((action.type === 'play' || action.type === 'close' || action.type === 'exchange') && !(action.cards && action.cards.length)) return;
  focusWanted = true;
  lastAct = { t: 'act', rid: ++rid, action, expect: lastSeq };
  send(lastAct);
}

// Between manches and at the end: the places or scores by manche, the
// winners, the log and the replay page.
function drawResults() {
  const sec = $('results');
  const over = view.phase === 'game-over';
  const wrap = $('scorewrap'); wrap.replaceChildren();
  const table = node('table', 'scores');
  const head = node('tr'); head.append(node('th', '', t('player')));
  let any = false, done = 0;
  if (isPresident()) {
    const ms = Object.keys(hist).map(Number).sort((a, b) => a - b);
    done = ms.length ? ms[ms.length - 1] : 0;
    any = ms.length > 0;
    const lastScores = ms.length ? hist[ms[ms.length - 1]].scores : null;
    if (lastScores) head.append(node('th', '', t('total')));
    for (const m of ms) head.append(node('th', '', 'M' + m));
    table.append(head);
    seats.forEach((s, i) => {
      const tr = node('tr'); tr.append(node('th', '', nameOf(i)));
      if (lastScores) tr.append(node('td', 'total', String(lastScores[i])));
      for (const m of ms) { const r = hist[m].ranking; const k = r.indexOf(i); tr.append(node('td', 'place', k >= 0 ? `${k + 1}. ${placeName(r.length, k)}` : '')); }
      table.append(tr);
    });
  } else {
    const h = view.history || [];
    done = h.length; any = h.length > 0;
    head.append(node('th', '', t('total')));
    h.forEach((_, m) => head.append(node('th', '', 'M' + (m + 1))));
    table.append(head);
    seats.forEach((s, i) => {
      const tr = node('tr'); tr.append(node('th', '', nameOf(i)));
      tr.append(node('td', 'total', String(view.scores ? view.scores[i] : '')));
      // A manche's points (SK-N1..N4: total = points + bonus), then bid/won.
      for (const m of h) { const e = m[i]; const td = node('td', '', e ? String(e.total) : ''); if (e) { td.title = t('bid', e.bid, e.won); td.append(node('small', '', ` ${e.bid}/${e.won}`)); } tr.append(td); }
      table.append(tr);
    });
  }
  sec.hidden = !any && !over;
  if (sec.hidden) return;
  $('h-results').textContent = over ? t('final') : t('results', done);
  wrap.append(table);
  if (!isPresident()) wrap.append(node('p', 'legend', t('legendSk')));
  let winners = [];
  if (over) {
    if (view.winners) winners = view.winners;
    else if (view.scores && view.scores.length) { const best = Math.max(...view.scores); winners = view.scores.map((v, i) => (v === best ? i : -1)).filter((i) => i >= 0); }
    else if (isPresident()) { const ms = Object.keys(hist).map(Number).sort((a, b) => a - b); if (ms.length) winners = [hist[ms[ms.length - 1]].ranking[0]]; }
  }
  $('winners').textContent = winners.length ? t('winners', winners.map(nameOf).join(', ')) : '';
  const dl = $('download'), rp = $('replay');
  // The log and the replay are offered after the `end` event (the last
  // manche's play shows the game over just before it).
  if (over && view.game && (sawEnd || view.ended)) {
    rp.hidden = false; rp.href = `/replay/${encodeURIComponent(view.game)}`;
    if (dl.hidden && !dl.dataset.loading) {
      // The log, once the server has it (asked again a few times: the end
      // event may reach the page before the log is offered).
      dl.dataset.loading = '1';
      const game = view.game;
      const fetchLog = (tries) => api('GET', `/api/games/${encodeURIComponent(game)}/log`).then((r) => {
        if (r.status === 200) {
          dl.href = URL.createObjectURL(new Blob([typeof r.body === 'string' ? r.body : JSON.stringify(r.body)], { type: 'application/jsonl' }));
          dl.download = `${game}.jsonl`; dl.hidden = false; delete dl.dataset.loading;
        } else if (tries > 0) setTimeout(() => fetchLog(tries - 1), 400);
        else delete dl.dataset.loading;
      });
      fetchLog(15);
    }
  }
}

// ---------------------------------------------------------------------------
// Chat (the table's, never a game event): text always by textContent.
function chatLine(m) {
  const li = node('li');
  li.append(node('b', '', (m.name || nameOf(m.seat) || '?') + ' : '), node('span', 'text', String(m.text)));
  $('chatlog').append(li);
  while ($('chatlog').children.length > 100) $('chatlog').firstChild.remove();
  li.scrollIntoView({ block: 'nearest' });
}
$('chatform').onsubmit = (e) => {
  e.preventDefault();
  const text = $('chattext').value.trim();
  if (!text) return;
  $('chat-err').textContent = '';
  send({ t: 'chat', rid: ++rid, text });
  $('chattext').value = '';
};

applyLang();
loadCatalogue();
const link = location.pathname.match(/^\/t\/(.+)$/);
if (link) $('code').value = decodeURIComponent(link[1]);
if (me && (!link || me.code === decodeURIComponent(link[1]).toUpperCase())) enter();
