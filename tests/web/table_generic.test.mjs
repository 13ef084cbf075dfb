// table_generic.test.mjs: the table page draws a game it does not know
// (issue 27: a third game needs no change to serve/web/table.js). `pli
// serve` serves the page and /api/games; the table's WebSocket is answered
// here (Playwright's routeWebSocket) as INTERFACE.md §3 says a server of a
// third game would: a welcome whose ruleset is in no game of /api/games, a
// view, `legal` and `actions` (SERVE-INTERFACE.md: each entry's exact action
// and its label). The page must draw the hand and one button per entry,
// labelled as the server says, and a click must send exactly that action.
// Every wait is for a condition, never a delay.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { startServe } from "./devproxy.mjs";

const PLI = process.env.PLI;
assert.ok(PLI, "PLI must be set (tests/web/run.sh)");

let server, origin, browser, dir, proxy;
before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pli-generic-"));
  ({ server, origin, proxy } = await startServe(PLI, path.join(dir, "live.db"), []));
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
});
after(async () => {
  await browser?.close();
  proxy?.close();
  if (server) process.kill(server.pid, "SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
});

// A small game of another kind, seat 0's view: its own phase and fields, a
// hand, and two legal entries of verbs the page has never heard of.
const WELCOME = {
  t: "welcome", seat: 0, seq: 3, table: "T1", code: "ABCD", started: true, ruleset: "crazy-eights", game: "c1",
  seats: [
    { name: "Ana", kind: "human", connected: true },
    { name: "Bo", kind: "bot:easy", connected: true },
  ],
  view: { game: "c1", seq: 3, manche: 1, phase: "playing", turn: 0, seat: 0, hand: ["7h", "8s", "Kd"], counts: [3, 5], stock: 30 },
  legal: [{ type: "play", card: "7h" }, { type: "play", card: "8s", suit: "any" }, { type: "draw" }],
  actions: [
    { action: { type: "play", cards: ["7h"] }, label: { en: "Play 7♥", fr: "Jouer 7♥" } },
    { action: { type: "play", cards: ["8s"], suit: "d" }, label: { en: "Play 8♠, ask for ♦", fr: "Jouer 8♠, demander ♦" } },
    { action: { type: "draw" }, label: { en: "Draw a card", fr: "Piocher" } },
  ],
};

test("a game the page does not know: its hand, and one button per legal entry sending the server's exact action", async () => {
  for (const size of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    const page = await browser.newPage({ viewport: size });
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    const sent = [];
    let gotAct;
    const acted = new Promise((resolve) => { gotAct = resolve; });
    await page.routeWebSocket(/\/ws$/, (ws) => {
      ws.onMessage((text) => {
        const m = JSON.parse(String(text));
        sent.push(m);
        if (m.t === "auth") ws.send(JSON.stringify(WELCOME));
        if (m.t === "act") gotAct(m);
      });
    });
    await page.addInitScript(() => {
      localStorage.setItem("pli-lang", "en");
      sessionStorage.setItem("pli", JSON.stringify({ table: "T1", token: "tok", host: false, code: "ABCD" }));
    });
    await page.goto(`${origin}/t/ABCD`);
    // The hand, drawn from the view.
    await page.locator('#hand [data-card="Kd"]').waitFor();
    assert.deepEqual(await page.locator("#hand [data-card]").evaluateAll((es) => es.map((e) => e.dataset.card).sort()), ["7h", "8s", "Kd"]);
    // One button per entry, each labelled as the server says.
    const labels = await page.locator("#actions button").allTextContents();
    assert.deepEqual(labels, ["Play 7♥", "Play 8♠, ask for ♦", "Draw a card"]);
    // The seats and the phase, as given.
    assert.match(await page.locator("#seatlist").innerText(), /Bo/);
    assert.match(await page.locator("#inforce").innerText(), /playing/);
    if (process.env.PLI_SCREENSHOTS) await page.screenshot({ path: path.join(process.env.PLI_SCREENSHOTS, `table-generic-${size.width}.png`), fullPage: true });
    // A click sends exactly the entry's action, its extra field included.
    await page.locator("#actions button", { hasText: "ask for" }).click();
    const act = await acted;
    assert.deepEqual(act.action, WELCOME.actions[1].action);
    assert.equal(act.expect, 3);
    assert.deepEqual(errors, []);
    await page.close();
  }
});
