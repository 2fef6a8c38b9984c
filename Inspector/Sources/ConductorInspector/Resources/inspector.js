// Conductor Inspector: the page. Plain JavaScript, no build step, no network but the app's own server.
"use strict";

const token = new URLSearchParams(location.search).get("token") || "";
const kinds = ["action", "command", "validation", "intent", "effect", "navigation", "deepLink", "inspector"];
const state = {
  events: [], byKind: Object.fromEntries(kinds.map(k => [k, true])), search: "", selected: null,
  dropped: 0, evicted: 0, earlier: 0, stores: [], travelingTo: null, socket: null,
  // Events in full (payloads, the state after an intent, its diff), by sequence: asked for when shown, kept a while.
  // Requests in flight, by sequence, with when they were sent: a lost answer is asked for again after a while.
  details: new Map(), requested: new Map(), automaticRequest: 0, renderQueued: false,
};
const detailsKept = 200;
const retryAfter = 5000;
state.byKind.validation = false; // menus validate often: shown on request

const $ = id => document.getElementById(id);
const el = (tag, attributes = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "class") node.className = value; else if (key.startsWith("data-")) node.setAttribute(key, value);
    else node[key] = value;
  }
  for (const child of children) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  return node;
};

function setup() {
  $("export-jsonl").href = "export.jsonl?token=" + encodeURIComponent(token);
  $("export-test").href = "export-test.swift?token=" + encodeURIComponent(token);
  $("export-app-test").href = "export-app-test.json?token=" + encodeURIComponent(token);
  for (const kind of kinds) {
    const box = el("input", { type: "checkbox", checked: state.byKind[kind], "data-kind": kind });
    box.addEventListener("change", () => { state.byKind[kind] = box.checked; renderTimeline(); });
    $("filters").append(el("label", {}, box, kind));
  }
  $("search").addEventListener("input", event => { state.search = event.target.value.toLowerCase(); renderTimeline(); });
  $("resume").addEventListener("click", () => send({ type: "resume" }));
  const older = el("button", { id: "older", type: "button", hidden: true, title: "Load older events from the app" },
    "older events");
  older.addEventListener("click", () => {
    send({ type: "history", before: state.events.length ? state.events[0].sequence : null });
  });
  $("counts").after(older);
  $("import").addEventListener("change", event => {
    const file = event.target.files[0];
    if (!file) return;
    sendFile(file);
    event.target.value = "";
  });
  connect();
}

// Sends a recording in binary chunks between importBegin and importEnd, waiting while the socket's buffer is full:
// a file of any size (up to the app's import limit) without one large message.
const chunkSize = 256 * 1024;
async function sendFile(file) {
  const socket = state.socket;
  if (!socket || socket.readyState !== WebSocket.OPEN) return;
  socket.send(JSON.stringify({ type: "importBegin" }));
  for (let offset = 0; offset < file.size; offset += chunkSize) {
    while (socket.bufferedAmount > 4 * chunkSize) await new Promise(resolve => setTimeout(resolve, 20));
    if (socket.readyState !== WebSocket.OPEN) return;
    socket.send(await file.slice(offset, offset + chunkSize).arrayBuffer());
  }
  socket.send(JSON.stringify({ type: "importEnd" }));
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/events?token=${encodeURIComponent(token)}`);
  state.socket = socket;
  socket.addEventListener("open", () => setStatus("live", "live"));
  socket.addEventListener("close", () => { setStatus("closed", "disconnected — reload to reconnect"); });
  socket.addEventListener("message", message => receive(JSON.parse(message.data)));
}

function send(request) {
  if (!state.socket || state.socket.readyState !== WebSocket.OPEN) return false;
  state.socket.send(JSON.stringify(request));
  return true;
}

// The app sends the newest events when the page connects, each without its details; older ones and the details of
// the event shown are asked for.
function receive(message) {
  if (message.type === "hello") {
    state.events = message.events; state.evicted = message.evicted; state.dropped = message.dropped;
    state.earlier = message.earlier || 0; state.stores = message.stores;
  } else if (message.type === "event") {
    state.events.push(message.event); state.dropped = message.dropped;
    if (state.events.length > 5000) {
      const removed = state.events.length - 5000;
      state.events.splice(0, removed);
      state.earlier += removed;
    }
    noteTravel(message.event);
  } else if (message.type === "details") {
    receiveDetails(message);
    return;
  } else if (message.type === "history") {
    const first = state.events.length ? state.events[0].sequence : Infinity;
    state.events = message.events.filter(event => event.sequence < first).concat(state.events);
    state.earlier = message.earlier || 0;
  } else {
    return;
  }
  scheduleRender();
}

// Many events can arrive at once: the page is drawn once for them.
function scheduleRender() {
  if (state.renderQueued) return;
  state.renderQueued = true;
  setTimeout(() => {
    state.renderQueued = false;
    renderCounts(); renderTimeline(); renderNavigation();
    if (state.selected === null) renderDetails();
  }, 16);
}

function receiveDetails(message) {
  state.requested.delete(message.sequence);
  state.automaticRequest = 0;
  // An event that left the app's ring is shown as the page has it.
  state.details.set(message.sequence, message.event || false);
  while (state.details.size > detailsKept) state.details.delete(state.details.keys().next().value);
  renderDetails();
}

function requestDetails(sequence) {
  const now = Date.now();
  if (now - (state.requested.get(sequence) || 0) < retryAfter) return;
  // The newest intent is shown while nothing is selected: one automatic request at a time.
  const automatic = state.selected === null;
  if (automatic && now - state.automaticRequest < retryAfter) return;
  if (!send({ type: "details", sequence })) return;
  state.requested.set(sequence, now);
  if (automatic) state.automaticRequest = now;
}

function noteTravel(event) {
  if (event.kind !== "inspector") return;
  if (event.title.startsWith("time travel")) {
    setStatus("traveling", event.title); $("resume").disabled = false;
  } else if (event.title.startsWith("resumed live")) {
    state.travelingTo = null; setStatus("live", "live"); $("resume").disabled = true; renderTimeline();
  }
}

function setStatus(kind, text) { const status = $("status"); status.className = "status " + kind; status.textContent = text; }

function renderCounts() {
  const parts = [`${state.events.length} events`];
  if (state.earlier) parts.push(`${state.earlier} older in the app`);
  if (state.evicted) parts.push(`${state.evicted} left the ring`);
  parts.push(`${state.dropped} dropped`);
  $("counts").textContent = parts.join(" · ");
  $("older").hidden = !state.earlier;
  $("stores").replaceChildren(...state.stores.map(store =>
    el("li", {}, `${store.name}: ${store.steps} intent(s)` + (store.canExportTest ? " · exportable as a test" : "")
      + (store.imported ? ` · ${store.imported} imported` : ""))));
}

function matches(event) {
  if (!state.byKind[event.kind]) return false;
  if (!state.search) return true;
  const text = (event.title + " " + event.source + " " + Object.values(event.fields || {}).join(" ")).toLowerCase();
  return text.includes(state.search);
}

function renderTimeline() {
  const shown = state.events.filter(matches).slice(-1500);
  const selected = state.selected === null ? null : selectedEvent();
  const rows = shown.map(event => {
    const row = el("li", { "data-kind": event.kind, "data-sequence": event.sequence },
      el("span", { class: "seq" }, event.sequence),
      el("span", { class: "time" }, event.time.toFixed(3) + "s"),
      el("span", { class: "kind " + event.kind }, event.kind),
      el("span", { class: "title", title: event.title },
        event.title + (event.source ? `  ·  ${event.source}` : "") + (fieldsOf(event).imported ? "  ·  imported" : "")));
    // Every event of the app's history can be travelled to: the stores and the screens as they were right after it.
    if (event.kind !== "inspector" && (event.kind === "intent" ? event.step != null : !fieldsOf(event).imported)) {
      const travel = el("button", { class: "travel", type: "button",
        title: "Show the state and the screens as they were right after this event" }, "travel here");
      travel.addEventListener("click", click => {
        click.stopPropagation(); state.travelingTo = event.sequence; send({ type: "travel", sequence: event.sequence });
        // The event travelled to is selected: its details, and the coordinators and stacks travel restores.
        state.selected = event.sequence; renderTimeline(); renderDetails(); renderNavigation();
      });
      row.append(travel);
    } else {
      row.append(el("span"));
    }
    if (state.selected === event.sequence) row.classList.add("selected");
    if (selected && selected.trace != null && event.trace === selected.trace) row.classList.add("traced");
    if (state.travelingTo !== null && event.kind !== "inspector" && event.sequence > state.travelingTo) row.classList.add("future");
    row.addEventListener("click", () => {
      state.selected = event.sequence; renderTimeline(); renderDetails(); renderNavigation();
    });
    return row;
  });
  const timeline = $("timeline");
  const atBottom = timeline.parentElement.scrollTop + timeline.parentElement.clientHeight >= timeline.parentElement.scrollHeight - 30;
  timeline.replaceChildren(...rows);
  if (atBottom) timeline.parentElement.scrollTop = timeline.parentElement.scrollHeight;
}

function selectedEvent() {
  if (state.selected !== null) return state.events.find(event => event.sequence === state.selected) || null;
  for (let i = state.events.length - 1; i >= 0; i--) if (state.events[i].kind === "intent") return state.events[i];
  return null;
}

function fieldsOf(event) { return event.fields || {}; }

function renderDetails() {
  const shown = selectedEvent();
  if (!shown) return;
  const full = state.details.get(shown.sequence);
  if (full === undefined) requestDetails(shown.sequence);
  const event = full || shown;
  const list = el("dl");
  const add = (name, value) => list.append(el("dt", {}, name), el("dd", {}, value));
  add("event", `#${event.sequence} at ${event.time.toFixed(3)}s`);
  add("kind", el("span", { class: "kind " + event.kind }, event.kind));
  add("title", event.title);
  add("from", event.source);
  if (event.step != null) add("step", `${event.step} of the store's log`);
  // Why is this here? What set the event off, where from, and the chain from it to this event.
  if (event.cause) {
    add("caused by", el("span", { id: "cause" }, event.cause));
    const chain = state.events.filter(other => other.trace === event.trace && other.sequence <= event.sequence);
    add("chain", el("ol", { id: "chain" }, ...chain.map(link =>
      el("li", { "data-sequence": link.sequence }, el("span", { class: "kind " + link.kind }, link.kind), " " + link.title))));
  }
  const fields = event.fields || {};
  const order = ["payload", "imported", "dispatcher", "duration", "result", "error", "arguments", "context keys",
    "state", "enabled", "title", "reason", "handler", "outcome", "link", "type"];
  const names = Object.keys(fields).sort((a, b) => {
    const ia = order.indexOf(a), ib = order.indexOf(b);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.localeCompare(b);
  });
  for (const name of names) {
    if (name === "diff" || (name === "state" && event.kind === "intent")) continue;
    add(name, fields[name].includes("\n") || fields[name].length > 60 ? el("pre", {}, fields[name]) : fields[name]);
  }
  const parts = [list];
  if (fields.diff !== undefined) {
    const diff = el("pre", { class: "diff", id: "diff" });
    for (const line of fields.diff.split("\n")) {
      const kind = line.startsWith("+") ? "added" : line.startsWith("-") ? "removed" : "";
      diff.append(kind ? el("span", { class: kind }, line) : document.createTextNode(line + "\n"));
    }
    parts.push(el("h2", {}, "State diff"), diff);
  }
  if (event.kind === "intent" && fields.state !== undefined) {
    parts.push(el("h2", {}, "State after"), el("pre", { id: "state-after" }, fields.state));
  }
  if (full === undefined) parts.push(el("p", { class: "hint" }, "Loading the details…"));
  $("details").replaceChildren(...parts);
}

// The navigation right after an event, as time travel restores it: a navigation event's own; else the last one the
// event caused (recorded after it, before the next intent, command, action or link); else the last before it.
const causes = new Set(["intent", "command", "action", "deepLink"]);
function navigationFor(event) {
  if (event && event.kind === "navigation") return event;
  const limit = event ? event.sequence : Infinity;
  let index = state.events.findIndex(candidate => candidate.sequence > limit);
  if (index === -1) index = state.events.length;
  let caused = null;
  for (let i = index; i < state.events.length && !causes.has(state.events[i].kind); i++) {
    if (state.events[i].kind === "navigation") caused = state.events[i];
  }
  if (caused) return caused;
  for (let i = index - 1; i >= 0; i--) {
    if (state.events[i].kind === "navigation") return state.events[i];
  }
  return null;
}

function renderNavigation() {
  const navigation = navigationFor(state.selected === null ? null : selectedEvent());
  if (!navigation) return;
  if (navigation.tree) $("tree").replaceChildren(el("ul", {}, treeNode(navigation.tree)));
  if (navigation.stacks) $("stacks").replaceChildren(el("ul", {}, ...navigation.stacks.map(stackNode)));
}

function treeNode(node) {
  const label = el("span", { class: "node" + (node.isActive ? " active" : "") + (node.hasEnded ? " ended" : ""),
    "data-coordinator": node.name }, node.name);
  const item = el("li", {}, label);
  if (node.children.length) item.append(el("ul", {}, ...node.children.map(treeNode)));
  return item;
}

function stackNode(node) {
  const box = el("div", { class: "stack" + (node.isSelected ? " selected" : ""), "data-stack": node.name },
    el("span", { class: "name" }, node.name + (node.isSelected === true ? " (selected)" : node.isSelected === false ? " (tab)" : "")));
  if (node.modules.length || node.presented.length) {
    const modules = el("div", { class: "modules" });
    node.modules.forEach((name, index) => modules.append(el("span", { class: "module" + (index === node.modules.length - 1 ? " top" : "") }, name)));
    for (const name of node.presented) modules.append(el("span", { class: "module presented" }, "⤴ " + name));
    box.append(modules);
  }
  const item = el("li", {}, box);
  if (node.children.length) item.append(el("ul", {}, ...node.children.map(stackNode)));
  return item;
}

document.addEventListener("DOMContentLoaded", setup);
