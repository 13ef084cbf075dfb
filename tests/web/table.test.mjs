// table.test.mjs: the table page of `pli serve` (issues 15 and 26) in
// headless Chromium, driven by playwright-core. Starts `pli serve` on an
// ephemeral loopback port with a fresh database and stops it by its pid.
// People act only by clicking the page's controls; the test reads the
// page's own `view` and `legal` (the server's, INTERFACE.md §3) to choose
// which control to click. Every wait is for a condition (an element, a
// frame, a seq), never a fixed delay.
//
// With PLI_SCREENSHOTS=DIR each stage of both games is kept there at both
// sizes (tests/web/screenshots.sh writes docs/img/, shown in docs/TABLE.md).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { chromium } from "playwright-core";
import { startServe } from "./devproxy.mjs";

const PLI = process.env.PLI;
const OUT = process.env.OUT;
assert.ok(PLI && OUT, "PLI and OUT must be set (tests/web/run.sh)");
const SHOTS = process.env.PLI_SCREENSHOTS || "";
// The Président bots' level in the whole game: hard, as issue 26 asks (before
// the bots answered for any giver the hub asks, RULES.md §11 K1/K3, medium
// and hard bots stalled at the first exchange).
const PRESIDENT_BOTS = process.env.PLI_PRESIDENT_BOTS || "hard";
const PHONE = { width: 390, height: 844 }, DESKTOP = { width: 1280, height: 800 };
// A person's seat left for this long is played by a bot (SERVE.md). Long,
// so that no bot plays a person's seat however slowly a loaded machine
// reloads a page (8 s failed once under the whole suite: a bot gave the
// phone's gift). No test here depends on timing; a grace timer left running
// after a reload is proved without a clock by tests/serve/hub_test.cc.
const GRACE_MS = 600000;
// Each wait is for a condition; it gives up only after five minutes, far
// beyond what a loaded machine needs (ctest's TIMEOUT bounds the whole).
const GIVE_UP = 300_000;

let server, origin, browser, dir, proxy;
before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pli-table-"));
  ({ server, origin, proxy } = await startServe(PLI, path.join(dir, "live.db"), ["--bot-delay-ms", "0", "--grace-ms", String(GRACE_MS)]));
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
});
after(async () => {
  await browser?.close();
  proxy?.close();
  if (server) process.kill(server.pid, "SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
});

// A page whose every received frame and script error is kept.
// A phone's page is in French (its locale), a desktop's in English: the
// page speaks the browser's language (issue 26).
async function open(viewport) {
  const page = await browser.newPage({ viewport, locale: viewport.width < 900 ? "fr-FR" : "en-GB" });
  page.setDefaultTimeout(GIVE_UP);
  page.frames_ = [];
  page.errors_ = [];
  page.on("websocket", (ws) => ws.on("framereceived", (f) => page.frames_.push(String(f.payload))));
  page.on("pageerror", (e) => page.errors_.push(String(e)));
  return page;
}
const shot = async (page, name) => {
  await page.screenshot({ path: path.join(OUT, name + ".png") });
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, name + ".png") });
};

// The lobby, by its form (built from /api/games, or the built-in list).
async function createTable(page, { game, ruleset, seats, bots, name, options = {} }, shotName) {
  await page.goto(origin + "/");
  await page.waitForFunction(() => catalogue !== null && document.querySelector("#game option"));
  await page.selectOption("#game", game);
  await page.selectOption("#ruleset", ruleset);
  await page.fill("#seats", String(seats));
  await page.selectOption("#bots", bots);
  if (Object.keys(options).length) await page.click("#opts-box summary");
  for (const [k, v] of Object.entries(options)) await page.fill(`#opt-${k}`, String(v));
  await page.fill("#cname", name);
  if (shotName) await shot(page, shotName);
  await page.click("#create button.primary");
  await page.waitForSelector("#sharelink");
  return page.inputValue("#sharelink");
}
async function join(page, link, name) {
  await page.goto(link);
  assert.match(await page.inputValue("#code"), /^[0-9A-Z]{3}-[0-9A-Z]{3}$/);
  await page.fill("#jname", name);
  await page.click("#join button.primary");
  await page.waitForSelector("#sharelink");
}

// What a page shows: its own globals (the server's view and legal).
const look = (page) => page.evaluate(() => ({
  seq: lastSeq, legal, acks,
  seat: view ? view.seat : null, turn: view ? view.turn : null, phase: view ? view.phase : null,
  manche: view ? view.manche : 0, hand: view ? view.hand || [] : [], pres: !!view && "pli" in view,
  over: !!view && view.phase === "game-over",
  trick: view && view.trick ? view.trick.plays.length : view && view.pli && view.pli.last ? 1 : 0,
}));
// A person may act: a gift or a bid owed, or their turn (an out-of-turn
// close, X1, is left alone: it would race the bots).
const canAct = (s) => !s.over && s.legal.length > 0 && (s.legal.some((a) => a.type === "exchange" || a.type === "bid") || s.turn === s.seat);
const rankOf = (c) => (c.startsWith("10") ? "T" : c[0]);

// One action by clicking, chosen by `policy`; waits for the server's answer
// (a new seq) and fails on a refusal.
async function step(page, s, policy) {
  const click = async (sel) => { await page.click(sel); };
  if (s.pres) {
    const ex = s.legal.find((a) => a.type === "exchange");
    if (ex) {
      // K1/K2: the forced cards are chosen by the page; a free gift (option
      // exchange = choice) takes the first cards the page allows.
      if (!ex.ranks) {
        const cards = await page.$$eval("#hand button.card:not([disabled])", (l) => l.map((b) => b.dataset.card));
        for (const c of cards.slice(0, ex.count)) await click(`#hand [data-card="${c}"]`);
      }
      await page.waitForFunction((n) => document.querySelectorAll("#hand button.card.on").length === n || !legal.some((a) => a.type === "exchange"), ex.count)
        .catch(() => {});  // the assertion below says what is wrong
      // The look this step acts on may be older than the page: the gift
      // already made and its event not yet drawn when the round looked. Then
      // nothing is owed now; the next round looks again (a bot acting for
      // this seat instead would be caught by scanFrames's `by` check).
      if (!(await page.evaluate(() => legal.some((a) => a.type === "exchange")))) return;
      const shown = await page.$$eval("#hand button.card.on", (l) => l.map((b) => b.dataset.card));
      assert.equal(shown.length, ex.count, `the gift's cards are chosen: ${JSON.stringify(await page.evaluate(() => ({ legal, hand: view.hand, picked: [...picked], html: document.querySelector("#hand").innerHTML.slice(0, 300) })))}`);
      if (ex.ranks) assert.deepEqual(shown.map(rankOf).sort(), [...ex.ranks].sort(), "K1/K2: the forced ranks");
      policy.onExchange?.(page);
      await click(`#actions button[data-action="exchange"]`);
    } else {
      const plays = s.legal.filter((a) => a.type === "play");
      const pick = policy.president(plays, s);
      if (!pick) await click('#actions button[data-action="pass"]');
      else {
        // No play button while no card is picked (issue 26: an empty play).
        assert.equal(await page.$$eval('#actions button[data-action="play"]', (l) => l.length), 0, "no Play button before a card is picked");
        const cards = s.hand.filter((c) => rankOf(c) === pick.rank).slice(0, pick.count);
        for (const c of cards) await click(`#hand [data-card="${c}"]`);
        await click(`#actions button[data-action="play"]${pick.declare ? `[data-declare="${pick.declare}"]` : ":not([data-declare])"}`);
      }
    }
  } else {
    const bids = s.legal.filter((a) => a.type === "bid");
    if (bids.length) {
      const b = bids[Math.min(bids.length - 1, 1 + (s.seq % 2))];
      await click(`#actions button[data-key="bid${b.bid}${b.cannon || ""}"]`);
    } else {
      const pick = policy.skullKing(s.legal.filter((a) => a.type === "play"), s);
      await click(`#hand [data-card="${pick.card}"]`);
      await click(`#actions button[data-action="play"]${pick.declare ? `[data-declare="${pick.declare}"]` : ":not([data-declare])"}`);
    }
  }
  await page.waitForFunction((b) => lastSeq > b || document.querySelector("#refusal").textContent !== "", s.seq);
  assert.equal(await page.textContent("#refusal"), "", "a legal action was refused");
}

// Plays until the game is over on every page. `hooks.each(states)` runs
// before each round (screenshots, the reload).
async function playGame(pages, policy, hooks = {}) {
  for (let round = 0; ; ++round) {
    assert.ok(round < 20000, "the game never ended");
    const st = await Promise.all(pages.map(look));
    if (st.every((s) => s.over)) return st;
    if (hooks.each && (await hooks.each(st))) continue;
    let acted = false;
    for (let k = 0; k < pages.length; ++k) {
      if (canAct(st[k])) { await step(pages[k], st[k], policy); acted = true; }
    }
    // Nobody of ours to act: the bots are; wait for the next event.
    if (!acted) {
      try {
        // Any page: a new event, or something for its person to do.
        await Promise.race(pages.map((p, k) => p.waitForFunction((s) => lastSeq > s || (view && view.phase === "game-over")
          || (legal.length > 0 && (view.turn === view.seat || legal.some((a) => a.type === "exchange" || a.type === "bid"))), st[k].seq)));
      } catch (e) {
        const now = await Promise.all(pages.map((p) => p.evaluate(() => ({ seq: lastSeq, legal, seat: view.seat, turn: view.turn, phase: view.phase, hand: view.hand, trick: view.trick, seats }))));
        throw new Error(`the game stalled: ${JSON.stringify(now)}`);
      }
    }
  }
}

// Nothing of another seat, no seed, id or hash before the end (INTERFACE.md
// §3); no bot acted for a person's seat (`by`, issue 26: a reload must not
// leave the grace timer running).
function scanFrames(page, who, personSeats) {
  assert.ok(page.frames_.length > 0, who);
  let ended = false;
  for (const f of page.frames_) {
    const m = JSON.parse(f);
    if (m.t === "event" && m.event.type === "end") ended = true;
    if (m.t === "event" && m.event.by && m.event.by !== "human") {
      const seat = m.event.seat ?? m.event.from;
      assert.ok(!personSeats.includes(seat), `${who}: a bot acted for a person's seat ${seat}: ${f}`);
    }
    if (ended) continue;
    assert.ok(!/"hands"|"seed"|"hash"|"id"/.test(f), `a frame to ${who} leaks: ${f}`);
    if (m.view) assert.ok(!("hands" in m.view), `${who}: a view with every hand`);
  }
  assert.ok(ended, `${who} saw the end`);
  assert.deepEqual(page.errors_, [], `${who}: no script error`);
}

// Stage pictures: each taken once per page, when first seen.
function stageShots(prefix, pages, names) {
  const taken = new Set();
  return async (st) => {
    for (let k = 0; k < pages.length; ++k) {
      const s = st[k], p = pages[k];
      const want = [];
      if (s.phase === "exchange" && s.legal.some((a) => a.type === "exchange")) want.push("exchange");
      if (s.phase === "bidding" && s.legal.some((a) => a.type === "bid")) want.push("bidding");
      if (s.phase === "play" && s.turn === s.seat && s.trick >= 1 && s.manche >= 2) want.push("trick");
      if (s.phase === "play" && (await p.evaluate(() => !!document.querySelector("#lasttrick .taken"))) && s.manche >= 2) want.push("taken");
      for (const w of want) {
        const key = `${prefix}-${w}-${names[k]}`;
        if (taken.has(key)) continue;
        taken.add(key);
        await shot(p, key);
      }
    }
    return false;
  };
}

test("Super Président, a whole game of three manches by clicking: two people, bots, exchanges, a declaration, a reload", async () => {
  const host = await open(DESKTOP), phone = await open(PHONE);
  const lobbyPhone = await open(PHONE);
  await lobbyPhone.goto(origin + "/");
  await lobbyPhone.waitForFunction(() => catalogue !== null && document.querySelector("#game option"));
  await shot(lobbyPhone, "table-president-lobby-phone");
  await lobbyPhone.close();
  const link = await createTable(host, { game: "president", ruleset: "super-president", seats: 4, bots: PRESIDENT_BOTS, name: "Ana", options: { manches: 3 } }, "table-president-lobby-desktop");
  await join(phone, link, "Bo");
  await host.waitForFunction(() => seats.filter((s) => s.kind === "human").length === 2);
  // Only the host may end the game (issue 26).
  assert.equal(await phone.isVisible("#endgame"), false);
  await host.click("#start");
  await host.waitForFunction(() => view && view.phase === "play");
  assert.equal(await host.isVisible("#endgame"), true);
  const declared = [];
  const policy = {
    // Declare a suite or reverse when the page offers one (U1, V1, V2):
    // the first few times; otherwise the weakest plain play; pass when
    // nothing else is legal (P4).
    president(plays, s) {
      const d = plays.find((a) => a.declare);
      if (d && declared.length < 3) { declared.push(d.declare); return d; }
      return plays.find((a) => !a.declare) || null;
    },
  };
  let reloaded = false;
  const shots = stageShots("table-president", [host, phone], ["desktop", "phone"]);
  await playGame([host, phone], policy, {
    async each(st) {
      await shots(st);
      if (!reloaded && st[1].manche === 2 && st[1].phase === "play") {
        // Mid-game: the phone reloads and resumes from its session; its
        // seat stays a person's (no bot plays for it: scanFrames).
        await phone.reload();
        await phone.waitForFunction((s) => typeof lastSeq !== "undefined" && lastSeq >= s && view && view.seat === 1, st[1].seq);
        reloaded = true;
        return true;
      }
      return false;
    },
  });
  assert.ok(reloaded, "the phone reloaded mid-game");
  assert.ok(declared.length > 0, "a suite or reverse was declared from the page");
  // The end: three manches, a winner named, the score table by manche, the
  // log and the replay page.
  for (const [p, name] of [[host, "desktop"], [phone, "phone"]]) {
    await p.waitForSelector("#download:not([hidden])");
    assert.match(await p.getAttribute("#download", "href"), /^blob:/);
    assert.match(await p.getAttribute("#replay", "href"), /^\/replay\//);
    assert.match(await p.textContent("#winners"), /\S/);
    assert.equal(await p.$$eval(".scores tr:first-child th", (l) => l.length), 1 + 3, "a column per manche");
    await p.$eval("#results", (e) => e.scrollIntoView());
    await shot(p, `table-president-end-${name}`);
  }
  const log = await (await fetch(origin + (await host.getAttribute("#replay", "href")).replace("/replay/", "/api/games/") + "/log")).text();
  const events = log.trim().split("\n").map((l) => JSON.parse(l));
  assert.equal(events.filter((e) => e.type === "deal").length, 3, "three manches dealt");
  assert.ok(events.some((e) => e.type === "exchange" && (e.from === 0 || e.from === 1)) || events.some((e) => e.type === "exchange"), "exchanges made");
  assert.ok(events.some((e) => e.type === "play" && e.declare && (e.seat === 0 || e.seat === 1)), "a declaration by a person is in the log");
  scanFrames(host, "host", [0, 1]);
  scanFrames(phone, "phone", [0, 1]);
  await host.close();
  await phone.close();
});

test("Skull King, whole games of ten manches by clicking: the Tigress both ways, medium bots, a reload", async () => {
  // Who holds the Tigress is the deal's chance: four people (two phones,
  // two desktops) and two medium bots play whole games until people have
  // played it as a pirate and as an escape (SK-P3); nearly always one game.
  const ways = new Set();
  for (let game = 0; game < 4 && ways.size < 2; ++game) {
    const pages = [await open(DESKTOP), await open(PHONE), await open(PHONE), await open(DESKTOP)];
    const names = ["desktop", "phone", "phone2", "desktop2"];
    if (game === 0) {
      const lobby = await open(PHONE);
      await lobby.goto(origin + "/");
      await lobby.waitForFunction(() => catalogue !== null && document.querySelector("#game option"));
      await lobby.selectOption("#game", "skull-king");
      await shot(lobby, "table-skull-king-lobby-phone");
      await lobby.close();
    }
    const link = await createTable(pages[0], { game: "skull-king", ruleset: "skull-king", seats: 6, bots: "medium", name: "Ana" }, game === 0 ? "table-skull-king-lobby-desktop" : "");
    for (const [k, n] of [[1, "Bo"], [2, "Cy"], [3, "Di"]]) await join(pages[k], link, n);
    await pages[0].waitForFunction(() => seats.filter((s) => s.kind === "human").length === 4);
    await pages[0].click("#start");
    const policy = {
      skullKing(plays) {
        const tig = plays.filter((a) => a.card === "tigress");
        if (tig.length) {
          const d = tig.find((a) => !ways.has(a.declare)) || tig[0];
          ways.add(d.declare);
          return d;
        }
        return plays[plays.length - 1];
      },
    };
    let reloaded = false;
    const shots = game === 0 ? stageShots("table-skull-king", [pages[0], pages[1]], names) : async () => false;
    const st = await playGame(pages, policy, {
      async each(s) {
        await shots(s);
        if (!reloaded && s[1].manche === 5 && s[1].phase === "play") {
          await pages[1].reload();
          await pages[1].waitForFunction((q) => typeof lastSeq !== "undefined" && lastSeq >= q && view && view.seat === 1, s[1].seq);
          reloaded = true;
          return true;
        }
        return false;
      },
    });
    assert.ok(reloaded);
    assert.equal(st[0].manche, 10, "ten manches (SK-D1)");
    for (const k of [0, 1]) {
      const p = pages[k];
      await p.waitForSelector("#download:not([hidden])");
      assert.match(await p.textContent("#winners"), /\S/);
      assert.equal(await p.$$eval(".scores tr:first-child th", (l) => l.length), 1 + 10 + 1, "a column per manche and the total");
      if (game === 0) { await p.$eval("#results", (e) => e.scrollIntoView()); await shot(p, `table-skull-king-end-${names[k]}`); }
    }
    pages.forEach((p, k) => scanFrames(p, names[k], [0, 1, 2, 3]));
    for (const p of pages) await p.close();
  }
  assert.deepEqual([...ways].sort(), ["escape", "pirate"], "the Tigress played both ways from the page");
});

// Issue 26's bugs, each on the page: Play with nothing picked is never
// sent, and a refusal leaves the page usable; "Terminer la partie" is the
// host's only, after a confirmation.
test("a refusal leaves the page usable; the end of the game is the host's, after a confirmation", async () => {
  const host = await open(PHONE), guest = await open(DESKTOP);
  const link = await createTable(host, { game: "president", ruleset: "super-president", seats: 4, bots: "easy", name: "Ana" });
  await join(guest, link, "Bo");
  await host.waitForFunction(() => seats.filter((s) => s.kind === "human").length === 2);
  assert.equal(await guest.isVisible("#endgame"), false, "a guest cannot end the game");
  await host.click("#start");
  // Wait for the host's turn with a play to make.
  const policy = { president: (plays) => plays.find((a) => !a.declare) || null };
  for (;;) {
    const s = await look(host);
    if (s.turn === s.seat && s.legal.some((a) => a.type === "play")) break;
    const g = await look(guest);
    if (canAct(g)) { await step(guest, g, policy); continue; }
    if (canAct(s)) { await step(host, s, policy); continue; }
    await host.waitForFunction((q) => lastSeq > q, s.seq);
  }
  assert.equal(await host.$$eval('#actions button[data-action="play"]', (l) => l.length), 0, "no Play button with nothing picked");
  // A refusal (a card not in the hand, sent as a broken page would): the
  // page says why and its cards and buttons still work.
  await host.evaluate(() => ws.send(JSON.stringify({ t: "act", rid: 999, action: { type: "play", cards: ["Zz"] }, expect: lastSeq })));
  await host.waitForFunction(() => document.querySelector("#refusal").textContent !== "");
  assert.ok(await host.$$eval("#hand button.card:not([disabled])", (l) => l.length) > 0, "cards still usable after a refusal");
  const s = await look(host);
  await step(host, s, policy);
  // The host's End asks first; No leaves the game going.
  await host.click("#endgame");
  await host.waitForSelector("#confirm-end[open]");
  await host.click('#confirm-end button[value="no"]');
  await host.waitForFunction(() => !document.querySelector("#confirm-end").open);
  assert.notEqual((await look(host)).phase, "game-over");
  await host.click("#endgame");
  await host.click('#confirm-end button[value="yes"]');
  await host.waitForFunction(() => view && view.phase === "game-over");
  await guest.waitForFunction(() => view && view.phase === "game-over");
  await guest.waitForSelector("#download:not([hidden])");
  await host.close();
  await guest.close();
});

test("the lobby says at once that a combination the server refuses cannot be hosted, and asks for no table (issue 30, RULINGS SK-10)", async () => {
  // SKULL_KING.md SK-R5/SK-B4 and docs/RULINGS.md SK-10: simultaneous bids
  // with the hook are not hosted. The official preset bids simultaneously
  // with the hook off; ticking the hook makes the refused combination.
  const page = await open(DESKTOP);
  let creates = 0;
  page.on("request", (r) => { if (r.method() === "POST" && r.url().endsWith("/api/tables")) creates++; });
  await page.goto(origin + "/");
  await page.waitForFunction(() => catalogue !== null && document.querySelector("#game option"));
  await page.selectOption("#game", "skull-king");
  await page.selectOption("#ruleset", "skull-king-official");
  await page.click("#opts-box summary");
  assert.equal(await page.textContent("#opts-err"), "", "the official preset itself is hosted");
  await page.check("#opt-hook");
  await page.waitForFunction(() => document.querySelector("#opts-err").textContent.includes("SK-B4"));
  await page.fill("#cname", "Ana");
  await page.click("#create button.primary");
  assert.ok((await page.textContent("#opts-err")).includes("SK-B4"));
  assert.equal(creates, 0, "no table asked for");
  assert.equal(await page.isVisible("#sharelink"), false);
  // Undo the combination (bids in turn): the sentence goes, the table is made.
  await page.selectOption("#opt-bidding", "sequential");
  await page.waitForFunction(() => document.querySelector("#opts-err").textContent === "");
  await page.click("#create button.primary");
  await page.waitForSelector("#sharelink");
  assert.equal(creates, 1);
  await page.close();
});

test("chat: hostile text is shown as text to the whole table", async (t) => {
  const host = await open(DESKTOP), guest = await open(PHONE);
  const link = await createTable(host, { game: "skull-king", ruleset: "skull-king", seats: 3, bots: "easy", name: "Ana" });
  if (await host.isHidden("#chat")) { t.skip("this server has no chat (issue 26's server side)"); await host.close(); await guest.close(); return; }
  await join(guest, link, "Bo");
  // Markup, entities and quotes (a bidi override is refused by the server,
  // code bad-text: tests/serve/hub_test.cc).
  const evil = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>&amp; ' "`;
  await guest.fill("#chattext", evil);
  await guest.press("#chattext", "Enter");
  for (const p of [host, guest]) {
    await p.waitForFunction(() => document.querySelectorAll("#chatlog li").length > 0);
    assert.equal(await p.textContent("#chatlog li .text"), evil.trim());
    assert.equal(await p.$$eval("#chatlog img, #chatlog script, #seatlist img", (l) => l.length), 0);
    assert.equal(await p.evaluate(() => window.__pwned), undefined);
  }
  await host.close();
  await guest.close();
});

test("accessibility: axe-core finds no serious or critical violation in the lobby and at a table", async () => {
  const require = createRequire(import.meta.url);
  const axe = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
  const check = async (page, where) => {
    await page.evaluate(axe);  // evaluated by the devtools protocol: the page's CSP allows no inline script
    const r = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
    const bad = r.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    assert.deepEqual(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`), [], where);
  };
  for (const viewport of [PHONE, DESKTOP]) {
    const page = await open(viewport);
    await page.goto(origin + "/");
    await page.waitForFunction(() => catalogue !== null && document.querySelector("#game option"));
    await check(page, "the lobby");
    await createTable(page, { game: "skull-king", ruleset: "skull-king", seats: 3, bots: "easy", name: "Ana" });
    await page.click("#start");
    await page.waitForFunction(() => legal.length > 0);
    await check(page, "a Skull King table, bidding");
    // Every card face, full size and small: a deal shows only some of them
    // (a turned Tigress or Mermaid once failed color-contrast here only when
    // the random deal turned one), so each is drawn once beside the table.
    await page.evaluate(() => {
      const box = document.createElement("div");
      for (const code of ["14y", "3g", "5p", "7b", "pirate", "tigress", "mermaid", "king", "escape", "Qh", "Ts", "X1", "X2"])
        for (const extra of ["", "small"]) box.append(PliCards.el(code, { lang: "en", extra }));
      document.body.append(box);
    });
    await check(page, "every card face, full size and small");
    await page.close();
  }
  // Keyboard: the hand and the buttons are reached by Tab and used by Enter.
  const page = await open(PHONE);
  await createTable(page, { game: "skull-king", ruleset: "skull-king", seats: 2, bots: "easy", name: "Ana" });
  await page.focus("#start");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => legal.some((a) => a.type === "bid"));
  const seq = await page.evaluate(() => lastSeq);
  await page.focus('#actions button[data-action="bid"]');
  await page.keyboard.press("Enter");
  await page.waitForFunction((q) => lastSeq > q, seq);
  await page.close();
});

test("the replay page at /replay/{game} once the game has ended: it runs under its CSP and loads nothing else", async () => {
  const api = async (method, p, body, token) => {
    const headers = { "content-type": "application/json" };
    if (token) headers.authorization = `Bearer ${token}`;
    const r = await fetch(origin + p, { method, headers, body: body ? JSON.stringify(body) : undefined });
    return { status: r.status, json: await r.json() };
  };
  const made = await api("POST", "/api/tables", { ruleset: "skull-king", seats: 3, bots: "easy" });
  assert.equal(made.status, 200);
  const start = await api("POST", `/api/tables/${made.json.table}/start`, null, made.json.host_token);
  assert.equal(start.status, 200);
  const game = start.json.game;
  assert.equal((await api("GET", `/replay/${game}`)).status, 403);
  const end = await api("POST", `/api/tables/${made.json.table}/end`, null, made.json.host_token);
  assert.equal(end.status, 200);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(GIVE_UP);
  const requests = [], errors = [], console_errors = [];
  page.on("request", (r) => requests.push(r.url()));
  page.on("pageerror", (e) => errors.push(e));
  page.on("console", (m) => { if (m.type() === "error") console_errors.push(m.text()); });
  await page.goto(`${origin}/replay/${game}`);
  await page.waitForFunction(() => /^seq 0 of \d+$/.test(document.getElementById("position")?.textContent ?? ""));
  await page.keyboard.press("End");
  await page.waitForFunction(() => { const m = /^seq (\d+) of (\d+)$/.exec(document.getElementById("position")?.textContent ?? ""); return m && m[1] === m[2]; });
  await page.screenshot({ path: path.join(OUT, "replay-served.png") });
  assert.deepEqual(errors, []);
  assert.deepEqual(console_errors, [], "no CSP violation, no script error");
  assert.deepEqual(requests, [`${origin}/replay/${game}`]);
  await page.close();
  // On a phone the page fits the screen (issue 26: it was 746 px wide).
  const phone = await browser.newPage({ viewport: PHONE });
  phone.setDefaultTimeout(GIVE_UP);
  await phone.goto(`${origin}/replay/${game}`);
  await phone.waitForFunction(() => /^seq 0 of \d+$/.test(document.getElementById("position")?.textContent ?? ""));
  assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth) <= PHONE.width, "the replay page fits a phone's width");
  await phone.close();
});
