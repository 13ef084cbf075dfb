// cards.js: the one card renderer of pli's pages. A single source embedded
// in both the table page of `pli serve` (serve/embed.cmake puts it before
// table.js) and the replay page of `pli replay --html` (replay/CMakeLists.txt
// puts it in replay.html's script in place of its marker): not a copy.
//
// Card texts are the games' own: Super Président "7h", "Ts" (RULES.md §1),
// Skull King "14y", "pirate", "tigress" (SKULL_KING.md SK-C1). Colour is
// never the only mark (colour-blind safe): every suit also has its own
// shape, and every special card its own sign and name.
"use strict";
const PliCards = (() => {
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
  // Président (RULES.md C1): 3 weakest ... A, 2 strongest; a révolution
  // flips the order (Q1).
  const P_ORDER = "3456789TJQKA2";
  const P_SUITS = {
    c: { sign: "♣", red: false, en: "clubs", fr: "trèfle" },
    d: { sign: "♦", red: true, en: "diamonds", fr: "carreau" },
    h: { sign: "♥", red: true, en: "hearts", fr: "cœur" },
    s: { sign: "♠", red: false, en: "spades", fr: "pique" },
  };
  const P_RANK_NAME = { J: { en: "jack", fr: "valet" }, Q: { en: "queen", fr: "dame" }, K: { en: "king", fr: "roi" }, A: { en: "ace", fr: "as" } };
  // Skull King (SK-C1): four suits, each with a shape of its own.
  const SK_SUITS = {
    g: { sign: "▲", en: "green", fr: "vert" },
    p: { sign: "◆", en: "purple", fr: "violet" },
    y: { sign: "●", en: "yellow", fr: "jaune" },
    b: { sign: "☠", en: "black", fr: "noir" },
  };
  const SK_SPECIAL = {
    escape: { sign: "⚐", en: "Escape", fr: "Fuite" },
    mermaid: { sign: "♒", en: "Mermaid", fr: "Sirène" },
    pirate: { sign: "⚔", en: "Pirate", fr: "Pirate" },
    tigress: { sign: "✸", en: "Tigress", fr: "Tigresse" },
    king: { sign: "♛", en: "Skull King", fr: "Skull King" },
  };
  // The hand's order for Skull King: escapes, the four suits (black, the
  // trump of option `trump: black`, last), then the characters in the
  // order they beat each other's usual foes (SK-W1).
  const SK_GROUP = ["escape", "g", "p", "y", "b", "mermaid", "pirate", "tigress", "king"];

  // Super Président's jokers (HOUSE_RULES.md H-C1): X1 the plain one, X2
  // the coloured one.
  const isJoker = (code) => code === "X1" || code === "X2";
  const kindOf = (code) => (/^(10|[2-9TJQKA])[cdhs]$/.test(code) || isJoker(code) ? "president" : "skull-king");
  const pRank = (code) => (code.startsWith("10") ? "T" : code[0]);
  const pSuit = (code) => code[code.length - 1];

  function label(code, lang = "en", declare = null) {
    if (isJoker(code)) {
      const coloured = code === "X2";
      return lang === "fr" ? (coloured ? "joker coloré" : "joker") : coloured ? "coloured joker" : "joker";
    }
    if (kindOf(code) === "president") {
      const r = pRank(code), s = P_SUITS[pSuit(code)];
      const rn = P_RANK_NAME[r] ? P_RANK_NAME[r][lang] : r === "T" ? "10" : r;
      return lang === "fr" ? `${rn} de ${s ? s.fr : pSuit(code)}` : `${rn} of ${s ? s.en : pSuit(code)}`;
    }
    const m = /^(\d+)([bgpy])$/.exec(code);
    if (m) return `${SK_SUITS[m[2]][lang]} ${m[1]}`;
    const sp = SK_SPECIAL[code];
    const name = sp ? sp[lang] : code;
    if (!declare) return name;
    return lang === "fr" ? `${name} (${declare === "pirate" ? "en pirate" : "en fuite"})` : `${name} (as ${declare === "pirate" ? "a pirate" : "an escape"})`;
  }

  // The card as HTML: a span (or the element `tag`) with class "card" and
  // data-card; `extra` adds classes; `declare` marks a Tigress's choice.
  function html(code, opts = {}) {
    const lang = opts.lang || "en";
    const cls = ["card"];
    if (opts.extra) cls.push(opts.extra);
    let face;
    if (isJoker(code)) {
      cls.push("pc", "joker");
      if (code === "X2") cls.push("red");
      face = `<b class="r">★</b><i class="s" aria-hidden="true">${code === "X2" ? "2" : "1"}</i>`;
    } else if (kindOf(code) === "president") {
      const r = pRank(code), s = pSuit(code), suit = P_SUITS[s];
      cls.push("pc", "s-" + s);
      if (suit && suit.red) cls.push("red");
      face = `<b class="r">${esc(r === "T" ? "10" : r)}</b><i class="s" aria-hidden="true">${suit ? suit.sign : esc(s)}</i>`;
    } else {
      const m = /^(\d+)([bgpy])$/.exec(code);
      if (m) {
        cls.push("sk", "sk-" + m[2]);
        face = `<b class="r">${esc(m[1])}</b><i class="s" aria-hidden="true">${SK_SUITS[m[2]].sign}</i>`;
      } else {
        const sp = SK_SPECIAL[code];
        cls.push("sk", "sk-special", "sk-" + esc(code));
        const dec = opts.declare ? (opts.declare === "pirate" ? SK_SPECIAL.pirate.sign : SK_SPECIAL.escape.sign) : "";
        face = `<i class="s" aria-hidden="true">${sp ? sp.sign : "?"}${dec}</i><small>${esc(sp ? sp[lang] : code)}</small>`;
      }
    }
    if (opts.declare) cls.push("as-" + esc(opts.declare));
    const tag = opts.tag || "span";
    const title = esc(label(code, lang, opts.declare));
    return `<${tag} class="${cls.join(" ")}" data-card="${esc(code)}" title="${title}" ${tag === "span" ? 'role="img" ' : ""}aria-label="${title}">${face}</${tag}>`;
  }

  // An element of html() (the text is escaped above), for DOM builders.
  function el(code, opts = {}) {
    const t = document.createElement("template");
    t.innerHTML = html(code, opts);
    return t.content.firstChild;
  }

  // A card's place in the game's order: Président by rank in the order in
  // force (C1, Q1) then suit; Skull King by SK_GROUP then value.
  function key(code, revolution = false) {
    if (isJoker(code)) {
      const x = 13 * 4 + (code === "X2" ? 1 : 0);  // X above every natural rank (H-C2), below them all under révolution
      return revolution ? (code === "X2" ? -2 : -1) : x;
    }
    if (kindOf(code) === "president") {
      const r = P_ORDER.indexOf(pRank(code));
      return (revolution ? 12 - r : r) * 4 + "cdhs".indexOf(pSuit(code));
    }
    const m = /^(\d+)([bgpy])$/.exec(code);
    if (m) return SK_GROUP.indexOf(m[2]) * 100 + Number(m[1]);
    return SK_GROUP.indexOf(code) * 100;
  }
  function sort(hand, revolution = false) { return [...hand].sort((a, b) => key(a, revolution) - key(b, revolution) || (a < b ? -1 : a > b ? 1 : 0)); }

  return { esc, html, el, label, sort, key, kindOf, rank: pRank, P_SUITS, SK_SUITS, SK_SPECIAL };
})();
