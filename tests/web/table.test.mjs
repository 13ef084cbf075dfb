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
