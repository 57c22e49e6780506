// The Exact cover and Pictures panels of the page of `dancing serve` (loaded after app.js,
// whose `$`, `say`, `post` and `get` it uses).
//
// A problem a front end made (Pictures' "Open in exact cover", the text of `dancing <kind>
// ... --to-dlx`) is remembered with its front end and query in `madeBy` until the text is
// edited; while it is, "First solutions" draws each solution found as its picture, asked of
// the server by the solution's option lines, so that the picture is that very solution's.
"use strict";

// Exact cover: one search at a time, with its time shown while it runs (and, for a count,
// a bar of its nodes against Knuth's estimate of them, sent first by the server), and Stop,
// which closes the request: the server stops the search when its client goes away; what
// the search had found by then stays on screen.
let running = null;

async function coverSearch(path, stream) {
  const controller = new AbortController();
  let found = null, estimated = null;
  const start = Date.now();
  const count = (n) => Math.round(n).toLocaleString("en");
  const soFar = () => found
    ? `, ${count(found.nodes)} nodes, ${count(found.solutions)} solutions so far`
    : "";
  // The share of the estimated nodes searched, and the time left at this pace.
  const share = () => {
    if (!estimated || !found || !found.nodes) return "";
    const done = Math.min(found.nodes / estimated.nodes, 1);
    const left = found.seconds * (estimated.nodes / found.nodes - 1);
    const more = done < 1 ? `, about ${left < 1 ? "a second" : `${left.toFixed(0)} s`} left` : "";
    return `\nabout ${(100 * done).toFixed(0)}% of some ${count(estimated.nodes)} nodes (Knuth's estimate)${more}`;
  };
  running = controller;
  $("stop").disabled = false;
  $("first").disabled = $("count").disabled = $("cheapest").disabled = true;
  say("cover-out", "");
  $("cover-pictures").replaceChildren();
  $("bar").value = 0;
  const tick = setInterval(() => {
    $("progress").textContent = `searching... ${((Date.now() - start) / 1000).toFixed(1)} s${soFar()}${share()}`;
    if (estimated && found) {
      $("bar").hidden = false;
      $("bar").value = Math.min(found.nodes / estimated.nodes, 1);
    }
  }, 100);
  try {
    if (!stream) return await post(path, $("problem").value, controller.signal);
    // JSON lines: progress while the search runs, then the answer.
    const answer = await fetch(path, { method: "POST", body: $("problem").value, signal: controller.signal });
    if (!answer.ok) throw new Error((await answer.json()).error || answer.statusText);
    const reader = answer.body.getReader();
    const decoder = new TextDecoder();
    let text = "", last = null;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      const lines = text.split("\n");
      text = lines.pop();
      for (const line of lines.filter((l) => l)) {
        last = JSON.parse(line);
        if (last.progress) found = last.progress;
        if (last.estimate) estimated = last.estimate;
      }
    }
    if (last && last.error && last.status === undefined) throw new Error(last.error);
    return last;
  } catch (e) {
    if (e.name === "AbortError") {
      say("cover-out", `stopped after ${((Date.now() - start) / 1000).toFixed(1)} s${soFar()}${share()}`, true);
    } else {
      problemError(e.message);
    }
    return null;
  } finally {
    clearInterval(tick);
    $("progress").textContent = "";
    $("bar").hidden = true;
    $("stop").disabled = true;
    $("first").disabled = $("count").disabled = $("cheapest").disabled = false;
    running = null;
  }
}

// An error of the problem: the message, and the line it names (`<body>:LINE:COLUMN: ...`)
// quoted under it and selected in the text box.
function problemError(message) {
  const at = /^<body>:(\d+):(\d+):/.exec(message);
  const box = $("problem");
  const lines = box.value.split("\n");
  if (!at || +at[1] < 1 || +at[1] > lines.length) {
    say("cover-out", message, true);
    return;
  }
  const line = +at[1];
  const start = lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0);
  say("cover-out", `${message}\nline ${line}: ${lines[line - 1]}\n${" ".repeat(`line ${line}: `.length + +at[2] - 1)}^`, true);
  box.focus();
  box.setSelectionRange(start, start + lines[line - 1].length);
}

function statistics(answer, status) {
  const parts = [`status: ${status || answer.status}`];
  if (answer.nodes !== undefined) parts.push(`nodes: ${answer.nodes}`, `updates: ${answer.updates}`);
  if (answer.error) parts.push(answer.error);
  return parts.join("\n");
}

// The first solutions: a search that stopped at the limit asked for says so, rather than
// "complete" (it did not look further). Of a front end's problem, each solution's text goes
// beside its picture, and the answer's text keeps the summary.
$("first").onclick = async () => {
  const made = madeBy;
  const answer = await coverSearch(`/api/cover/solve?limit=${$("limit").value}`);
  if (!answer) return;
  if (made) answer.solutions.forEach((s, k) => drawSolution(made, s, k + 1));
  const blocks = made ? [] : answer.solutions.map((s, k) => `solution ${k + 1}:\n${s.join("\n")}`);
  const n = answer.solutions.length;
  const atLimit = answer.status === "limit";
  const summary = atLimit
    ? `found: ${n}, the limit asked for; there may be more`
    : answer.status === "complete" ? `found: ${n}, all there are` : `found: ${n}`;
  const status = atLimit ? "stopped at the limit" : answer.status;
  const text = blocks.join("\n\n") || (answer.solutions.length ? "" : "no solution");
  say("cover-out", `${text ? text + "\n\n" : ""}${summary}\n${statistics(answer, status)}`,
    !atLimit && answer.status !== "complete");
};

$("count").onclick = async () => {
  const memo = $("memo").checked;
  const answer = await coverSearch(`/api/cover/count?${memo ? "memo=true" : "progress=true&estimate=true"}`, !memo);
  if (answer) say("cover-out", `count: ${answer.count}\n${statistics(answer)}`, answer.status !== "complete");
};

$("cheapest").onclick = async () => {
  const answer = await coverSearch("/api/cover/cheapest?best=5");
  if (!answer) return;
  const blocks = answer.solutions.map((s) => `cost: ${s.cost}\n${s.options.join("\n")}`);
  say("cover-out", `${blocks.join("\n\n") || "no solution"}\n\n${statistics(answer)}`, answer.status !== "complete");
};

$("stop").onclick = () => running && running.abort();

// The front ends' pictures, as an SVG: the first packing of the pieces on the board (or in
// the box, its layers side by side), the first solution of the n queens, or the first
// Langford sequence of n. Each kind keeps what was typed for it; a kind chosen shows its
// own inputs.
const pictureInputs = {
  polyomino: { board: "6x10", pieces: "pentominoes" },
  polycube: { board: "3x3x3", pieces: "soma" },
  queens: { n: "8" },
  langford: { n: "7" },
};
let pictureKind = $("picture-kind").value;
$("picture-kind").addEventListener("change", () => {
  const tiling = (kind) => kind === "polyomino" || kind === "polycube";
  pictureInputs[pictureKind] = tiling(pictureKind)
    ? { board: $("tiling-board").value, pieces: $("tiling-pieces").value }
    : { n: $("picture-n").value };
  pictureKind = $("picture-kind").value;
  const inputs = pictureInputs[pictureKind];
  if (tiling(pictureKind)) {
    $("tiling-board").value = inputs.board;
    $("tiling-pieces").value = inputs.pieces;
  } else {
    $("picture-n").value = inputs.n;
  }
  document.querySelectorAll("#pictures .for-tiling").forEach((l) => { l.hidden = !tiling(pictureKind); });
  document.querySelectorAll("#pictures .for-number").forEach((l) => { l.hidden = tiling(pictureKind); });
});

// The front end chosen in Pictures and the query of its inputs.
function pictureQuery() {
  const kind = $("picture-kind").value;
  const query = kind === "queens" || kind === "langford"
    ? `n=${encodeURIComponent($("picture-n").value)}`
    : `board=${encodeURIComponent($("tiling-board").value)}&pieces=${encodeURIComponent($("tiling-pieces").value)}`;
  return { kind, query };
}

$("draw").onclick = async () => {
  const { kind, query } = pictureQuery();
  say("picture-out", "searching...");
  const answer = await fetch(`/api/picture/${kind}?${query}`);
  if (!answer.ok) {
    $("picture").removeAttribute("src");
    say("picture-out", (await answer.json()).error, true);
    return;
  }
  $("picture").src = URL.createObjectURL(await answer.blob());
  say("picture-out", "");
};


// The front end and query that made the Exact cover panel's text, or null: forgotten as soon
// as the text is edited (its solutions would no longer be the front end's).
let madeBy = null;

function forget() {
  madeBy = null;
  $("made-by").textContent = "";
}

$("problem").addEventListener("input", forget);

// The front end's problem in Knuth's format put into the Exact cover panel, remembered as
// the front end's.
$("open-cover").onclick = async () => {
  const { kind, query } = pictureQuery();
  const answer = await fetch(`/api/export/${kind}?${query}`);
  if (!answer.ok) {
    say("picture-out", (await answer.json()).error, true);
    return;
  }
  $("problem").value = await answer.text();
  madeBy = { kind, query };
  $("made-by").textContent = `made by ${kind} (${decodeURIComponent(query).replaceAll("&", ", ")}): ` +
    "First solutions draws each solution; editing the text forgets it";
  say("picture-out", "");
  say("cover-out", "");
  $("cover-pictures").replaceChildren();
  $("cover").scrollIntoView();
};

// Solution `k`, its option lines `lines`, written beside its picture as the front end
// `made` draws it (under it where the width is short); the server's words where it cannot
// be drawn.
async function drawSolution(made, lines, k) {
  const figure = document.createElement("figure");
  const caption = document.createElement("figcaption");
  caption.textContent = `solution ${k}`;
  const text = document.createElement("pre");
  text.className = "out";
  text.textContent = lines.join("\n");
  figure.append(caption, text);
  $("cover-pictures").appendChild(figure);
  const answer = await fetch(`/api/picture/${made.kind}?${made.query}`, { method: "POST", body: lines.join("\n") });
  if (!answer.ok) {
    caption.textContent = `solution ${k}: ${(await answer.json()).error}`;
    caption.classList.add("error");
    return;
  }
  const image = document.createElement("img");
  image.alt = `solution ${k} drawn by ${made.kind}`;
  image.src = URL.createObjectURL(await answer.blob());
  figure.appendChild(image);
}
