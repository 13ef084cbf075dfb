// nodes.test.mjs: the table page on two `pli serve` nodes sharing one
// PostgreSQL database (issue 31, ../shared/SERVE.md "Beyond one machine":
// "the browser test of the table run once against two nodes, the two
// people on different nodes"). Starts a throwaway PostgreSQL server of its
// own (scripts/pg-test-server.sh: a unix socket in a private folder, no TCP
// port) and two nodes on 127.0.0.1; stops the nodes and the server by their
// pids at the end, a failure included. Person 1 makes the table and plays
// on node A, person 2 joins with its code and plays on node B, bots in the
// other seats; people act only by clicking (as table.test.mjs does). Every
// wait is for a condition (a page element, a frame, a seq), never a delay.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { startServe } from "./devproxy.mjs";

const PLI = process.env.PLI, REPO = process.env.REPO, OUT = process.env.OUT;
assert.ok(PLI && REPO && OUT, "PLI, REPO and OUT must be set (tests/web/run.sh)");
const DESKTOP = { width: 1280, height: 800 }, PHONE = { width: 390, height: 844 };
// A person's seat is played by a bot only after this long away. Long: a
// node counts only its own connections (presence is per node, serve/README.md
// "Not done yet"), so the driving node sees the other node's person as away.
const GRACE_MS = 600000;
// Each wait is for a condition; it gives up only after five minutes.
const GIVE_UP = Number(process.env.PLI_WEB_GIVE_UP || 300_000);
const PG = path.join(REPO, "scripts/pg-test-server.sh");

let pgDir, uri, nodeA, nodeB, browser;
const nodes = [];
before(async () => {
  fs.mkdirSync(OUT, { recursive: true });
  // Its own folder under /tmp (as root the server runs as postgres, who
  // must reach the socket's folder).
  pgDir = fs.mkdtempSync(path.join(os.tmpdir(), "pli-nodes-pg-"));
  const started = spawnSync("bash", [PG, "start", pgDir, "--fast"], { encoding: "utf8" });
  assert.equal(started.status, 0, `pg-test-server.sh start: ${started.stderr}`);
  uri = started.stdout.trim();
  const flags = ["--bot-delay-ms", "0", "--grace-ms", String(GRACE_MS)];
  // A first, alone: it migrates the schema before B opens the database.
  nodeA = await startServe(PLI, uri, flags);
  nodes.push(nodeA);
  nodeB = await startServe(PLI, uri, flags);
  nodes.push(nodeB);
  for (const n of nodes) {
    n.stderr_ = "";
    n.server.stderr.on("data", (d) => { n.stderr_ += String(d); });
  }
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
});
after(async () => {
  await browser?.close();
  for (const n of nodes) {
    n.proxy?.close();
    process.kill(n.server.pid, "SIGTERM");
  }
  if (pgDir) spawnSync("bash", [PG, "stop", pgDir], { stdio: "inherit" });  // by the pid it wrote
});

async function open(viewport) {
  const page = await browser.newPage({ viewport, locale: "en-GB" });
  page.setDefaultTimeout(GIVE_UP);
  page.frames_ = [];
  page.errors_ = [];
  page.on("websocket", (ws) => ws.on("framereceived", (f) => page.frames_.push(String(f.payload))));
  page.on("pageerror", (e) => page.errors_.push(String(e)));
  return page;
}

const look = (page) => page.evaluate(() => ({
  seq: lastSeq, legal, seat: view ? view.seat : null, turn: view ? view.turn : null,
  manche: view ? view.manche : 0, over: !!view && view.phase === "game-over",
}));
// A person may act: a bid owed, or their turn.
const canAct = (s) => !s.over && s.legal.length > 0 && (s.legal.some((a) => a.type === "bid") || s.turn === s.seat);

// One Skull King action by clicking; waits for the server's answer (a new
// seq) and fails on a refusal.
async function step(page, s) {
  const bids = s.legal.filter((a) => a.type === "bid");
  if (bids.length) {
    const b = bids[Math.min(bids.length - 1, s.seq % 2)];
    await page.click(`#actions button[data-key="bid${b.bid}${b.cannon || ""}"]`);
  } else {
    const plays = s.legal.filter((a) => a.type === "play");
    const pick = plays[s.seq % plays.length];
    await page.click(`#hand [data-card="${pick.card}"]`);
    await page.click(`#actions button[data-action="play"]${pick.declare ? `[data-declare="${pick.declare}"]` : ":not([data-declare])"}`);
  }
  await page.waitForFunction((b) => lastSeq > b || document.querySelector("#refusal").textContent !== "", s.seq);
  assert.equal(await page.textContent("#refusal"), "", "a legal action was refused");
}

async function playGame(pages) {
  for (let round = 0; ; ++round) {
    assert.ok(round < 20000, "the game never ended");
    const st = await Promise.all(pages.map(look));
    if (st.every((s) => s.over)) return st;
    let acted = false;
    for (let k = 0; k < pages.length; ++k) {
      if (canAct(st[k])) { await step(pages[k], st[k]); acted = true; }
    }
    if (!acted) {
      try {
        await Promise.race(pages.map((p, k) => p.waitForFunction((s) => lastSeq > s || (view && view.phase === "game-over")
          || (legal.length > 0 && (view.turn === view.seat || legal.some((a) => a.type === "bid"))), st[k].seq)));
      } catch (e) {
        const now = await Promise.all(pages.map((p) => p.evaluate(() => ({ seq: lastSeq, legal, seat: view.seat, turn: view.turn, phase: view.phase }))));
        throw new Error(`the game stalled: ${JSON.stringify(now)}\nnode A: ${nodeA.stderr_}\nnode B: ${nodeB.stderr_}`);
      }
    }
  }
}

// The events a page was sent (welcome's seq, then each event frame).
function eventsOf(page) {
  let welcome = null;
  const events = [];
  for (const f of page.frames_) {
    const m = JSON.parse(f);
    if (m.t === "welcome" && welcome === null) welcome = m.seq;
    if (m.t === "event") events.push({ seq: m.seq, ...m.event });
  }
  return { welcome, events };
}

test("Skull King on two nodes: person 1 on node A, person 2 on node B, two bots; each page sees the other's moves, the game ends, the log audits clean", async () => {
  const a = await open(DESKTOP), b = await open(PHONE);
  // Person 1 makes the table on node A (the lobby's defaults: the
  // skull-king ruleset, ten manches, SK-D1).
  await a.goto(nodeA.origin + "/");
  await a.waitForFunction(() => catalogue !== null && document.querySelector("#game option"));
  await a.selectOption("#game", "skull-king");
  await a.selectOption("#ruleset", "skull-king");
  await a.fill("#seats", "4");
  await a.selectOption("#bots", "easy");
  await a.fill("#cname", "Ana");
  await a.click("#create button.primary");
  await a.waitForSelector("#sharelink");
  const link = await a.inputValue("#sharelink");
  // Person 2 joins with the same link on node B, which has never heard of
  // the table (it reads it from the database by its code).
  assert.ok(link.startsWith(nodeA.origin + "/t/"), link);
  await b.goto(nodeB.origin + link.slice(nodeA.origin.length));
  assert.match(await b.inputValue("#code"), /^[0-9A-Z]{3}-[0-9A-Z]{3}$/);
  await b.fill("#jname", "Bo");
  await b.click("#join button.primary");
  await b.waitForSelector("#sharelink");
  // Each page shows both people seated: node A learns of the seat taken on
  // node B from the database (NOTIFY "0 GAME", serve/hub.cc Heard).
  for (const p of [a, b]) await p.waitForFunction(() => seats.filter((s) => s.kind === "human").length === 2);
  assert.deepEqual(await a.evaluate(() => seats.map((s) => [s.name, s.kind])), [["Ana", "human"], ["Bo", "human"], ["", "open"], ["", "open"]]);
  await a.click("#start");
  // Node B's page learns of the start from node A's events (NOTIFY).
  await a.waitForFunction(() => view && view.manche >= 1 && view.seat === 0);
  await b.waitForFunction(() => view && view.manche >= 1 && view.seat === 1);
  // Presence is each node's own (serve/README.md "Not done yet"): each page
  // shows its own person connected and the person on the other node away,
  // the bots present. When presence is shared between nodes, this changes.
  for (const p of [a, b]) await p.waitForFunction(() => seats.every((s) => s.kind !== "open"));  // the bots seated
  const presence = (p) => p.evaluate(() => seats.map((s) => [s.kind, s.connected]));
  assert.deepEqual(await presence(a), [["human", true], ["human", false], ["bot:easy", true], ["bot:easy", true]], "node A's page");
  assert.deepEqual(await presence(b), [["human", false], ["human", true], ["bot:easy", true], ["bot:easy", true]], "node B's page");

  const st = await playGame([a, b]);
  assert.equal(st[0].manche, 10, "ten manches (SK-D1)");
  for (const p of [a, b]) {
    await p.waitForSelector("#download:not([hidden])");
    assert.match(await p.textContent("#winners"), /\S/);
    assert.equal(await p.$$eval(".scores tr:first-child th", (l) => l.length), 1 + 10 + 1, "a column per manche and the total");
  }
  await a.screenshot({ path: path.join(OUT, "nodes-end-node-a.png") });
  await b.screenshot({ path: path.join(OUT, "nodes-end-node-b.png") });

  // Both nodes tell the same log; it ends with `end`.
  const game = (await a.getAttribute("#replay", "href")).replace("/replay/", "");
  const logA = await (await fetch(`${nodeA.origin}/api/games/${game}/log`)).text();
  const logB = await (await fetch(`${nodeB.origin}/api/games/${game}/log`)).text();
  assert.equal(logA, logB, "both nodes serve the same log");
  const log = logA.trim().split("\n").map((l) => JSON.parse(l));
  assert.equal(log.at(-1).type, "end");
  const last = log.length;
  // Each page was sent every event after its welcome once, in seq order,
  // up to the end; among them every action of the person on the other node
  // (made there, committed there, announced by NOTIFY and sent by this
  // node), and no bot acted for a person's seat (the grace period).
  for (const [page, who, other] of [[a, "node A's page", 1], [b, "node B's page", 0]]) {
    const { welcome, events } = eventsOf(page);
    assert.ok(welcome !== null, `${who}: welcomed`);
    assert.deepEqual(events.map((e) => e.seq), Array.from({ length: last - welcome }, (_, i) => welcome + 1 + i), `${who}: each event once, in order`);
    for (const e of events)
      if (e.by && e.by !== "human") assert.ok(![0, 1].includes(e.seat ?? e.from), `${who}: a bot acted for a person's seat: ${JSON.stringify(e)}`);
    const theirs = (l) => l.filter((e) => (e.type === "bid" || e.type === "play") && e.seat === other);
    const inLog = theirs(log), seen = theirs(events);
    // SK-D1: four seats, 70 cards: manche m deals m cards, so each seat bids
    // ten times and plays 1 + 2 + … + 10 = 55 cards.
    assert.equal(inLog.length, 10 + 55, "the person on the other node's bids and plays");
    assert.deepEqual(seen.map((e) => e.seq), inLog.map((e) => e.seq).filter((q) => q > welcome), `${who} saw every move of the person on the other node`);
    assert.deepEqual(page.errors_, [], `${who}: no script error`);
  }
  // The database audits clean (every chain, hash and verdict, ../shared/POSTGRES.md).
  const audit = spawnSync(PLI, ["audit", "--db", uri], { encoding: "utf8" });
  assert.equal(audit.status, 0, `pli audit --db: ${audit.stdout}${audit.stderr}`);
  await a.close();
  await b.close();
});
