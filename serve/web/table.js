// table.js: the table page. It draws the server's `view` and `legal` only
// (INTERFACE.md §3); it never folds events itself.
'use strict';
const $ = (id) => document.getElementById(id);
const store = window.sessionStorage;
let me = JSON.parse(store.getItem('pli') || 'null');  // {table, token, host, code}
let ws = null, lastSeq = 0, view = null, legal = [], seats = [], picked = new Set(), rid = 0;

async function api(method, path, body, token) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = 'Bearer ' + token;
  const r = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  return { status: r.status, body: r.headers.get('Content-Type')?.includes('json') && !r.headers.get('Content-Type').includes('ndjson') ? await r.json() : await r.text() };
}
function save() { store.setItem('pli', JSON.stringify(me)); }
function say(text) { $('status').textContent = text; }

$('create').onsubmit = async (e) => {
  e.preventDefault();
  let options;
  try { options = $('options').value ? JSON.parse($('options').value) : undefined; } catch { say('Options : JSON invalide / invalid JSON'); return; }
  const body = { ruleset: $('ruleset').value, seats: +$('seats').value, bots: $('bots').value };
  if (options) body.options = options;
  const c = await api('POST', '/api/tables', body);
  if (c.status !== 200) { say(c.body.message); return; }
  const j = await api('POST', '/api/join', { code: c.body.code, name: $('cname').value });
  if (j.status !== 200) { say(j.body.message); return; }
  me = { table: c.body.table, code: c.body.code, host: c.body.host_token, token: j.body.token };
  save(); enter();
};
$('join').onsubmit = async (e) => {
  e.preventDefault();
  const j = await api('POST', '/api/join', { code: $('code').value, name: $('jname').value });
  if (j.status !== 200) { say(j.body.message); return; }
  me = { table: j.body.table, code: $('code').value.toUpperCase(), token: j.body.token };
  save(); enter();
};
$('start').onclick = async () => {
  const r = await api('POST', `/api/tables/${me.table}/start`, null, me.host);
  if (r.status !== 200) say(r.body.message);
};
$('endgame').onclick = async () => { await api('POST', `/api/tables/${me.table}/end`, null, me.host); };

function enter() {
  $('lobby').hidden = true; $('table').hidden = false;
  const link = `${location.origin}/t/${me.code}`;
  $('share').innerHTML = '';
  const p = document.createElement('p');
  p.textContent = `Code : ${me.code} — lien / link : ${link}`;
  $('share').append(p);
  connect();
}

function connect() {
  ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
  ws.onopen = () => ws.send(JSON.stringify({ t: 'auth', table: me.table, token: me.token, since: lastSeq }));
  ws.onmessage = (m) => onMessage(JSON.parse(m.data));
  ws.onclose = () => { say('déconnecté / disconnected…'); setTimeout(connect, 1500); };
}

function onMessage(m) {
  if (m.t === 'welcome') { seats = m.seats; take(m); say('connecté / connected'); $('start').hidden = !me.host || m.started; }
  else if (m.t === 'event') { if (m.seq > lastSeq) { take(m); if (m.event.type === 'game') $('start').hidden = true; } }
  else if (m.t === 'presence') { seats = m.seats; draw(); }
  else if (m.t === 'rejected') { $('refusal').textContent = `${m.code}${m.rule ? ' (' + m.rule + ')' : ''} : ${m.message}`; legal = m.legal; draw(); }
  else if (m.t === 'stale') { ws.send(JSON.stringify({ t: 'resync', since: lastSeq })); }
  else if (m.t === 'ack') { $('refusal').textContent = ''; }
  else if (m.t === 'superseded') { say('ouvert ailleurs / opened elsewhere'); ws.onclose = null; }
  else if (m.t === 'error') { say(m.message); }
}
function take(m) { lastSeq = m.seq; view = m.view; legal = m.legal; picked.clear(); draw(); }

const RANKS = '3 4 5 6 7 8 9 10 T J Q K A 2'.split(' ');
function rankOf(c) { const r = c.slice(0, -1); return r === '10' ? 'T' : r; }
function sortHand(h) {
  return [...h].sort((a, b) => {
    const ra = RANKS.indexOf(rankOf(a)), rb = RANKS.indexOf(rankOf(b));
    return ra !== rb ? ra - rb : a.localeCompare(b);
  });
}

function draw() {
  const list = $('seatlist'); list.innerHTML = '';
  const toAct = new Set(view ? (view.turn != null ? [view.turn] : (view.to_bid || [])) : []);
  seats.forEach((s, i) => {
    const li = document.createElement('li');
    const count = view && view.counts ? view.counts[i] : '';
    li.textContent = `${s.name}${s.kind.startsWith('bot') ? ' · robot ' + s.kind.slice(4) : ''}${s.connected ? '' : ' (absent)'} · ${count}`;
    if (toAct.has(i)) li.classList.add('toact');
    if (view && view.seat === i) li.classList.add('me');
    li.dataset.seat = i;
    list.append(li);
  });
  if (!view) return;
  const pub = $('public');
  const parts = [`manche ${view.manche}`, `phase ${view.phase}`];
  if (view.pli) parts.push(`pli : ${view.pli.last ? view.pli.last.cards.join(' ') + ' (' + seats[view.pli.last.seat]?.name + ')' : '—'} · ${view.pli.mode}${view.pli.ou_rien ? ' · ou rien' : ''}`);
  if (view.revolution) parts.push('révolution / revolution');
  if (view.trick) parts.push('pli / trick : ' + view.trick.plays.map((p) => p.card).join(' '));
  if (view.turned) parts.push('retournée / turned : ' + view.turned);
  if (view.bids) parts.push('annonces / bids : ' + view.bids.map((b) => (b == null ? '·' : b)).join(' '));
  pub.textContent = parts.join(' — ');
  const hand = $('hand'); hand.innerHTML = '';
  for (const c of sortHand(view.hand || [])) {
    const b = document.createElement('button');
    b.className = 'card' + (picked.has(c) ? ' on' : ''); b.textContent = c; b.dataset.card = c;
    b.disabled = !legal.some((a) => a.type === 'play' || a.type === 'close' || a.type === 'exchange');
    b.onclick = () => { picked.has(c) ? picked.delete(c) : picked.add(c); draw(); };
    hand.append(b);
  }
  const acts = $('actions'); acts.innerHTML = '';
  const types = new Set(legal.map((a) => a.type));
  const button = (label, action) => {
    const b = document.createElement('button'); b.textContent = label; b.dataset.action = action.type;
    b.onclick = () => act(action); acts.append(b);
  };
  if (types.has('pass')) button('Passer / Pass', { type: 'pass' });
  if (types.has('play')) button('Jouer / Play', { type: 'play', cards: [...picked] });
  // Skull King's Tigress is played as a pirate or an escape (SK-P3): one
  // button for each way `legal` lists.
  for (const a of legal.filter((a) => a.type === 'play' && a.card && a.declare)) {
    button(`Jouer / Play ${a.card} : ${a.declare === 'pirate' ? 'pirate' : 'fuite / escape'}`, { type: 'play', cards: [a.card], declare: a.declare });
  }
  if (types.has('close')) button('Fermer / Close', { type: 'close', cards: [...picked] });
  for (const a of legal.filter((a) => a.type === 'exchange')) button(`Donner à / Give to ${seats[a.to]?.name}`, { type: 'exchange', to: a.to, cards: [...picked] });
  for (const a of legal.filter((a) => a.type === 'bid')) button(`Annoncer / Bid ${a.bid}`, { type: 'bid', bid: a.bid });
  const res = $('results');
  res.textContent = view.ranking ? 'classement / ranking : ' + view.ranking.map((s) => seats[s]?.name).join(', ') : '';
  if (view.scores) res.textContent += ' — scores : ' + view.scores.join(' ');
  if (view.phase === 'game-over') {
    $('download').hidden = false;
    api('GET', `/api/games/${view.game}/log`).then((r) => { if (r.status === 200) $('download').href = URL.createObjectURL(new Blob([r.body])); });
  }
  $('endgame').hidden = !me.host || view.phase === 'game-over';
}

function act(action) {
  ws.send(JSON.stringify({ t: 'act', rid: ++rid, action, expect: lastSeq }));
}

const m = location.pathname.match(/^\/t\/(.+)$/);
if (m) $('code').value = decodeURIComponent(m[1]);
if (me && (!m || me.code === decodeURIComponent(m[1]).toUpperCase())) enter();
