// The phones' page: draws the page data the server pushes after every step.
// Text is set with textContent only, so a player's name is shown as text, never as markup.
"use strict";

const seatPath = location.pathname.match(/^\/s\/[^/]+$/) ? location.pathname : null;
const base = seatPath || "";
let source = null;

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function fill(id, nodes) {
  const box = document.getElementById(id);
  box.replaceChildren(...nodes);
  return box;
}

function setStatus(text, lost) {
  const status = document.getElementById("status");
  status.textContent = text;
  status.classList.toggle("lost", Boolean(lost));
}

const colours = new Map();

// Black or white, whichever reads better on the seat's colour (WCAG relative luminance).
function textOn(colour) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.18 ? "#000" : "#fff";
}

function badge(text, seat) {
  const node = el("span", "badge", text);
  const colour = colours.get(seat);
  if (colour && /^#[0-9a-fA-F]{6}$/.test(colour)) {
    node.style.setProperty("--seat", colour);
    node.style.color = textOn(colour);
  } else {
    node.classList.add("plain");
  }
  return node;
}

function seatRow(seat) {
  const row = el("li", seat.active ? "active" : "");
  const who = el("div");
  who.append(el("div", "name", seat.player && seat.player !== seat.seat
    ? `${seat.player} (${seat.seat})` : seat.seat));
  const counts = (seat.counters || []).map((counter) => counter.text).join(", ");
  for (const line of [counts, ...(seat.detail || [])].filter(Boolean)) {
    who.append(el("div", "detail", line));
  }
  const effect = (seat.in_effect || []).map((card) => card.name).join(", ");
  if (effect) who.append(el("div", "detail", `In effect: ${effect}`));
  row.append(badge((seat.player || seat.seat || "?")[0], seat.seat), who,
             el("span", "score", seat.score ?? ""));
  return row;
}

function panelSection(panel) {
  const section = el("section");
  section.append(el("h2", "", panel.title));
  const list = el("ul", "rows");
  for (const row of panel.rows || []) {
    const item = el("li", row.kind || "row");
    if (row.badge) item.append(badge(row.badge, row.seat));
    const words = el("div", "words");
    words.append(el("div", "name", row.text));
    for (const line of row.detail || []) words.append(el("div", "detail", line));
    item.append(words);
    if (row.number !== null && row.number !== undefined && row.number !== "") {
      item.append(el("span", "number", row.number));
    }
    list.append(item);
  }
  if (!(panel.rows || []).length && panel.empty) list.append(el("li", "detail", panel.empty));
  section.append(list);
  return section;
}

function drawTable(page) {
  const table = page.table;
  colours.clear();
  for (const [seat, colour] of Object.entries(page.colours || {})) colours.set(seat, colour);
  document.title = page.title;
  document.getElementById("title").textContent = page.title;
  document.getElementById("round").textContent =
    [table.round_name, table.phase_name, ...(table.notes || [])].filter(Boolean).join(" · ");
  document.getElementById("waiting").textContent = page.waiting_for || "";
  fill("seats", table.seats.map(seatRow));
  const decks = table.decks.map((deck) => {
    const item = el("li");
    const words = el("div", "words");
    words.append(el("div", "name", deck.name));
    for (const line of [...(deck.warnings || []), ...(deck.lines || [])]) {
      words.append(el("div", "detail", line));
    }
    item.append(words, el("span", "number", deck.left));
    return item;
  });
  fill("decks", decks);
  document.getElementById("decks-section").hidden = decks.length === 0;
  fill("panels", (table.panels || []).map(panelSection));
  fill("history", page.history.slice().reverse().map(
    (row) => el("li", row.undone ? "undone" : "", row.sentence)));
}

function drawOwn(page) {
  const own = document.getElementById("own");
  if (!page.seat) return;
  own.hidden = false;
  document.getElementById("own-title").textContent = `${page.seat}: only on this phone`;
  fill("own-body", (page.own_panels || []).map(panelSection));
  const actions = [];
  for (const group of page.actions || []) {
    actions.push(el("div", "group", group.label));
    // What can be chosen now first; a reason shared by the rest is said once.
    const ready = group.choices.filter((choice) => choice.enabled);
    const waiting = group.choices.filter((choice) => !choice.enabled);
    const reasons = new Set(waiting.map((choice) => choice.reason));
    for (const choice of [...ready, ...waiting]) {
      const button = el("button", "", choice.label);
      button.disabled = !choice.enabled;
      button.addEventListener("click", () => act(group.after, choice.command, button));
      actions.push(button);
      if (!choice.enabled && reasons.size > 1) actions.push(el("div", "reason", choice.reason));
    }
    if (reasons.size === 1) actions.push(el("div", "reason", [...reasons][0]));
  }
  fill("actions", actions);
}

async function act(after, command, button) {
  button.disabled = true;
  const said = document.getElementById("acted");
  try {
    const reply = await fetch(`${base}/act`, {
      method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({after, command}),
    });
    const answer = await reply.json();
    said.textContent = answer.message || "";
  } catch (failed) {
    said.textContent = "The table could not be reached: try again when the phone is back on its network.";
    button.disabled = false;
  }
}

function draw(page) {
  drawTable(page);
  drawOwn(page);
  document.body.dataset.step = String(page.step);
}

function follow() {
  if (source) source.close();
  source = new EventSource(`${base}/events`);
  source.onopen = () => setStatus("Live: updates by itself.");
  source.onmessage = (message) => {
    setStatus("Live: updates by itself.");
    draw(JSON.parse(message.data));
  };
  source.addEventListener("revoked", () => {
    source.close();
    setStatus("This seat's link was replaced at the table: scan the new code.", true);
    document.getElementById("own").hidden = true;
  });
  source.onerror = () => setStatus("Reconnecting to the table…", true);
}

follow();
