// table.test.mjs: the table page of `pli serve` (issue 15) in headless
// Chromium, driven by playwright-core. Starts `pli serve` on an ephemeral
// loopback port with a fresh database and stops it by its pid. Expected
// values from RULES.md (52 cards to 4 seats: 13 each) and INTERFACE.md §3
// (no hands, seed or hash before the end; the log after it).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

const PLI = process.env.PLI;
const OUT = process.env.OUT;
assert.ok(PLI && OUT, "PLI and OUT must be set (tests/web/run.sh)");

let server, origin, browser, dir;
before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pli-table-"));
  server = spawn(PLI, ["serve", "--db", path.join(dir, "live.db"), "--listen", "127.0.0.1:0", "--bot-delay-ms", "0"]);
  origin = await new Promise((resolve, reject) => {
    server.stdout.on("data", (d) => {
      const m = /listening on (\S+)/.exec(String(d));
      if (m) resolve(`http://${m[1]}`);
    });
    server.on("exit", () => reject(new Error("pli serve exited")));
  });
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
});
after(async () => {
  await browser?.close();
  if (server) process.kill(server.pid, "SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
});

test("the table page: create, share, start with bots, a hand of 13 sorted, a refusal, the end and the log; no frame leaks", async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });  // a phone first
  const frames = [];
  page.on("websocket", (ws) => ws.on("framereceived", (f) => frames.push(String(f.payload))));
  await page.goto(origin + "/");
  await page.selectOption("#ruleset", "super-president");
  await page.fill("#seats", "4");
  await page.fill("#cname", "Ana");
  await page.click("#create button");
  await page.waitForSelector("#share p");
  const share = await page.textContent("#share");
  assert.match(share, /Code : [0-9A-Z]{3}-[0-9A-Z]{3}/);
  assert.match(share, /\/t\/[0-9A-Z]{3}-[0-9A-Z]{3}/);
  await page.click("#start");
  await page.waitForFunction(() => document.querySelectorAll("#hand button.card").length > 0);
  const seats = await page.$$eval("#seatlist li", (l) => l.map((x) => x.textContent));
  assert.equal(seats.length, 4);
  assert.equal(seats.filter((s) => s.includes("robot")).length, 3);
  // The hand, sorted by rank 3 < 4 < ... < A < 2 (RULES.md C1).
  const order = "3 4 5 6 7 8 9 10 T J Q K A 2".split(" ");
  const cards = await page.$$eval("#hand button.card", (l) => l.map((x) => x.dataset.card));
  assert.ok(cards.length <= 13 && cards.length >= 12, `a hand of 13 (or one played): ${cards}`);
  const rank = (c) => { const r = c.slice(0, -1); return order.indexOf(r === "10" ? "T" : r); };
  for (let i = 1; i < cards.length; ++i) assert.ok(rank(cards[i - 1]) <= rank(cards[i]), `sorted: ${cards}`);
  await page.screenshot({ path: path.join(OUT, "table-phone.png") });
  // Ana passes while Pass is all she may do (the buttons come from `legal`
  // only); once she may play, Play with no card chosen is refused, and the
  // page shows the code and the sentence.
  for (let turns = 0; ; ++turns) {
    assert.ok(turns < 60, "Ana never had a play");
    await page.waitForSelector("#actions button", { timeout: 20000 });
    const actions = await page.$$eval("#actions button", (l) => l.map((x) => x.dataset.action));
    if (actions.includes("play")) break;
    if (actions.includes("pass")) {
      const seq = await page.evaluate(() => document.querySelector("#public").textContent);
      await page.click('#actions button[data-action="pass"]');
      await page.waitForFunction((before) => document.querySelector("#public").textContent !== before, seq);
    }
  }
  await page.click('#actions button[data-action="play"]');
  await page.waitForFunction(() => document.querySelector("#refusal").textContent.length > 0);
  assert.match(await page.textContent("#refusal"), /malformed|:/);
  // The host ends the game: the log can be downloaded.
  await page.click("#endgame");
  await page.waitForSelector("#download:not([hidden])", { timeout: 10000 });
  await page.waitForFunction(() => document.querySelector("#download").href.startsWith("blob:"));
  // No frame before the end carried another hand, a seed, an id or a hash.
  let ended = false;
  for (const f of frames) {
    const m = JSON.parse(f);
    if (m.t === "event" && m.event.type === "end") ended = true;
    if (ended) continue;
    assert.ok(!/"hands"|"seed"|"hash"|"id"/.test(f), `a frame before the end leaks: ${f}`);
  }
  assert.ok(ended);
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
  // Before the end: refused, nothing of the game shown.
  assert.equal((await api("GET", `/replay/${game}`)).status, 403);
  const end = await api("POST", `/api/tables/${made.json.table}/end`, null, made.json.host_token);
  assert.equal(end.status, 200);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const requests = [], errors = [], console_errors = [];
  page.on("request", (r) => requests.push(r.url()));
  page.on("pageerror", (e) => errors.push(e));
  page.on("console", (m) => { if (m.type() === "error") console_errors.push(m.text()); });
  await page.goto(`${origin}/replay/${game}`);
  // The game has its game event, the first deal, maybe bots' bids, and the end.
  await page.waitForFunction(() => /^seq 0 of \d+$/.test(document.getElementById("position")?.textContent ?? ""));
  await page.keyboard.press("End");
  await page.waitForFunction(() => { const m = /^seq (\d+) of (\d+)$/.exec(document.getElementById("position")?.textContent ?? ""); return m && m[1] === m[2]; });
  await page.screenshot({ path: path.join(OUT, "replay-served.png") });
  assert.deepEqual(errors, []);
  assert.deepEqual(console_errors, [], "no CSP violation, no script error");
  assert.deepEqual(requests, [`${origin}/replay/${game}`]);
  await page.close();
});

// Issue 15: two people and two bots play a manche by clicking. The host
// (a desktop page) creates a Skull King table of 4, the guest (a phone
// page) joins by its link, the host starts (bots take seats 2 and 3); each
// person bids and plays with the page's buttons, choosing among what the
// server's `legal` lists, until manche 3 is dealt (manches 1 and 2: one
// and two cards each, SK-D1). The phone is reloaded mid-manche and must resume. Every
// frame each page received is scanned: no other seat's hand, no seed, id
// or hash before the end (INTERFACE.md §3). With PLI_SCREENSHOTS=DIR the
// two pages are kept there (docs/img, shown in the README).
test("two people and two bots play Skull King manches by clicking; a reloaded page resumes; no frame leaks", async () => {
  const host = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const frames = { host: [], phone: [] };
  host.on("websocket", (ws) => ws.on("framereceived", (f) => frames.host.push(String(f.payload))));
  phone.on("websocket", (ws) => ws.on("framereceived", (f) => frames.phone.push(String(f.payload))));
  await host.goto(origin + "/");
  await host.selectOption("#ruleset", "skull-king");
  await host.fill("#seats", "4");
  await host.selectOption("#bots", "easy");
  await host.fill("#cname", "Ana");
  await host.click("#create button");
  await host.waitForSelector("#share p");
  const link = /(http:\S+\/t\/[0-9A-Z]{3}-[0-9A-Z]{3})/.exec(await host.textContent("#share"))[1];
  await phone.goto(link);
  assert.match(await phone.inputValue("#code"), /^[0-9A-Z]{3}-[0-9A-Z]{3}$/);
  await phone.fill("#jname", "Bo");
  await phone.click("#join button");
  await phone.waitForSelector("#share p");
  await host.waitForFunction(() => document.querySelectorAll("#seatlist li").length === 4);
  await host.click("#start");
  const manche = (page) => page.evaluate(() => (typeof view !== "undefined" && view ? view.manche : 0));
  // One step by clicking: the first action `legal` lists for this page's
  // seat, taken through the buttons a person would press.
  const step = async (page) => {
    const entry = await page.evaluate(() => (typeof legal !== "undefined" && legal.length ? legal[0] : null));
    if (!entry) return false;
    const before = await page.evaluate(() => lastSeq);
    if (entry.type === "bid") {
      await page.click(`#actions button:text-is("Annoncer / Bid ${entry.bid}")`);
    } else if (entry.declare) {
      await page.click(`#actions button:has-text("${entry.card} : ")`);
    } else {
      await page.click(`#hand button.card[data-card="${entry.card}"]`);
      await page.click('#actions button:text-is("Jouer / Play")');
    }
    await page.waitForFunction((b) => lastSeq > b || document.querySelector("#refusal").textContent.length > 0, before);
    assert.equal(await page.textContent("#refusal"), "", "a legal action was refused");
    return true;
  };
  // Manches 1 and 2 are played; the pictures are taken in manche 2 when the
  // phone is to play from its two cards.
  let reloaded = false, shot = false;
  for (let i = 0; i < 400 && ((await manche(host)) < 3 || (await manche(phone)) < 3); ++i) {
    const acted = (await step(host)) | (shot ? await step(phone) : false);
    const phoneToPlay = await phone.evaluate(() => view && view.manche === 2 && legal.some((a) => a.type === "play") && view.hand.length === 2);
    if (!shot && (phoneToPlay || (await manche(phone)) >= 3)) {
      if (process.env.PLI_SCREENSHOTS) {
        fs.mkdirSync(process.env.PLI_SCREENSHOTS, { recursive: true });
        await phone.screenshot({ path: path.join(process.env.PLI_SCREENSHOTS, "table-phone.png") });
        await host.screenshot({ path: path.join(process.env.PLI_SCREENSHOTS, "table-desktop.png") });
      }
      await phone.screenshot({ path: path.join(OUT, "table-sk-phone.png") });
      await host.screenshot({ path: path.join(OUT, "table-sk-desktop.png") });
      shot = true;
    } else if (!shot) {
      await step(phone);
    }
    if (!reloaded && acted) {
      // Mid-manche: the phone reloads and resumes from its session.
      const seq = await phone.evaluate(() => lastSeq);
      await phone.reload();
      await phone.waitForFunction((s) => typeof lastSeq !== "undefined" && lastSeq >= s && view, seq);
      assert.equal(await phone.evaluate(() => view.seat), 1, "the reloaded page holds its seat");
      reloaded = true;
    }
    if (!acted) await host.waitForTimeout(50);  // the bots' turn
  }
  assert.ok(reloaded && shot);
  assert.equal(await manche(host), 3, "manches 1 and 2 were played to their end and manche 3 dealt");
  assert.equal(await manche(phone), 3);
  const scores = await host.textContent("#results");
  assert.match(scores, /scores/);
  // The frames: before the end, no hands of others, no seed, id or hash.
  for (const [who, list] of Object.entries(frames)) {
    assert.ok(list.length > 0, who);
    for (const f of list) {
      const m = JSON.parse(f);
      if (m.t === "event" && m.event.type === "end") break;
      assert.ok(!/"hands"|"seed"|"hash"|"id"/.test(f), `a frame to ${who} leaks: ${f}`);
      if (m.view) assert.ok(!("hands" in m.view), `${who}: a view with every hand`);
    }
  }
  await host.close();
  await phone.close();
});
