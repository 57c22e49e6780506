// The page of `dancing serve`: plain JavaScript, no library. Every answer comes from the
// JSON API (docs/guide.md); the page only draws the board and writes the answers.
"use strict";

const $ = (id) => document.getElementById(id);
let side = 9;
let givens = "";

// The board: side x side inputs, one character each ('.' or empty for a blank).
function drawBoard(n) {
  side = n;
  const board = $("board");
  board.innerHTML = "";
  board.style.gridTemplateColumns = `repeat(${n}, 2em)`;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const cell = document.createElement("input");
      cell.maxLength = 1;
      cell.dataset.row = r;
      cell.dataset.col = c;
      cell.addEventListener("input", () => cell.classList.remove("found", "given"));
      board.appendChild(cell);
    }
  }
  drawVariants();
}

// The boxes of a side, as the command line shapes them: rows x columns.
function boxes(n) {
  return { 4: [2, 2], 6: [2, 3], 8: [2, 4], 9: [3, 3], 12: [3, 4], 16: [4, 4], 25: [5, 5] }[n] || [n, 1];
}

function cells() {
  return Array.from($("board").querySelectorAll("input"));
}

// The board as a line: one character a cell, '.' for a blank.
function boardLine() {
  return cells().map((c) => (c.value.trim() || ".")).join("");
}

// Puts a line on the board; `found` marks the cells that were blank in `puzzle`.
function showLine(line, puzzle) {
  const n = Math.round(Math.sqrt(line.length));
  if (n !== side) drawBoard(n);
  cells().forEach((cell, k) => {
    const ch = line[k];
    cell.value = ch === "." || ch === "0" && n <= 9 ? "" : ch;
    cell.classList.remove("found", "given", "hint");
    if (puzzle && puzzle[k] === "." && cell.value) cell.classList.add("found");
    else if (cell.value) cell.classList.add("given");
  });
}

// The region of each cell, in reading order: the jigsaw labels when they are side * side
// (read as the command line reads --jigsaw: lines starting with '#' left out, one character
// a cell or, when the characters are not side * side, one word a cell), else the boxes.
function regions() {
  const text = $("jigsaw").value.split("\n").filter((l) => !l.trim().startsWith("#")).join("\n");
  const chars = Array.from(text.replace(/\s/g, ""));
  const words = text.split(/\s+/).filter((w) => w);
  const labels = chars.length === side * side ? chars : words;
  if (labels.length === side * side) return labels;
  const [boxRows, boxCols] = boxes(side);
  return Array.from({ length: side * side }, (_, k) =>
    `${Math.floor(k / side / boxRows)},${Math.floor((k % side) / boxCols)}`);
}

// Thick borders between regions, X diagonals and hyper windows shaded, anti-knight and
// anti-king named.
function drawVariants() {
  const x = $("x").checked;
  const hyper = $("hyper").checked && side === 9;
  const region = regions();
  cells().forEach((cell, k) => {
    const r = +cell.dataset.row, c = +cell.dataset.col;
    cell.classList.toggle("box-right", c + 1 < side && region[k] !== region[k + 1]);
    cell.classList.toggle("box-bottom", r + 1 < side && region[k] !== region[k + side]);
    cell.classList.toggle("diagonal", x && (r === c || r + c === side - 1));
    const inWindow = (i) => (i >= 1 && i <= 3) || (i >= 5 && i <= 7);
    cell.classList.toggle("window", hyper && inWindow(r) && inWindow(c));
  });
  const names = [];
  if ($("x").checked) names.push("X: each diagonal holds every digit once");
  if ($("hyper").checked) names.push("hyper: each shaded window holds every digit once");
  if ($("anti_knight").checked) names.push("anti-knight: no digit a knight's move from itself");
  if ($("anti_king").checked) names.push("anti-king: no digit a king's move from itself");
  if ($("jigsaw").value.trim()) names.push("jigsaw: each region within thick borders holds every digit once");
  if ($("extra_regions").value.trim()) names.push("extra regions: each holds every digit once");
  $("variant-names").textContent = names.join("; ");
}

function variantQuery() {
  const switches = ["x", "hyper", "anti_knight", "anti_king"]
    .filter((v) => $(v).checked).map((v) => `${v}=true`);
  const jigsaw = $("jigsaw").value.trim();
  if (jigsaw) switches.push(`jigsaw=${encodeURIComponent(jigsaw)}`);
  const extra = $("extra_regions").value.trim();
  if (extra) switches.push(`extra_regions=${encodeURIComponent(extra)}`);
  return switches.join("&");
}

function say(id, text, error) {
  $(id).textContent = text;
  $(id).classList.toggle("error", !!error);
}

// Posts `body` to `path`; answers the JSON, or throws the server's message.
async function post(path, body, signal) {
  const answer = await fetch(path, { method: "POST", body, signal });
  const json = await answer.json();
  if (!answer.ok) throw new Error(json.error || answer.statusText);
  return json;
}

async function get(path) {
  const answer = await fetch(path);
  const json = await answer.json();
  if (!answer.ok) throw new Error(json.error || answer.statusText);
  return json;
}

// Runs a Sudoku action; its errors are written under the buttons.
function sudokuAction(action) {
  return async () => {
    try {
      await action();
    } catch (e) {
      say("sudoku-out", e.message, true);
    }
  };
}

$("load").onclick = sudokuAction(async () => {
  const read = await post("/api/sudoku/read", $("paste").value);
  givens = read.puzzle;
  showLine(read.puzzle);
  say("sudoku-out", `read a ${read.size}x${read.size} puzzle, ${read.givens} givens`);
});

$("clear").onclick = () => {
  drawBoard(side);
  givens = "";
  say("sudoku-out", "");
};

$("solve").onclick = sudokuAction(async () => {
  const puzzle = boardLine();
  const record = await post(`/api/sudoku/solve?${variantQuery()}`, puzzle);
  if (record.solution) showLine(record.solution, puzzle);
  say("sudoku-out", `${record.status}${record.error ? ": " + record.error : ""} (${record.nodes} nodes)`,
    record.status !== "solved");
});

$("check").onclick = sudokuAction(async () => {
  const record = await post(`/api/sudoku/solve?count=true&limit=2&${variantQuery()}`, boardLine());
  const n = record.solutions;
  const text = record.status === "invalid" || record.status === "gave-up"
    ? `${record.status}: ${record.error}`
    : n === 0 ? "no solution" : n === 1 ? "unique: exactly one solution" : "not unique: at least 2 solutions";
  say("sudoku-out", text, n !== 1);
});

$("hint").onclick = sudokuAction(async () => {
  const step = await post(`/api/sudoku/hint?${variantQuery()}`, boardLine());
  cells().forEach((c) => c.classList.remove("hint"));
  if (step.end) {
    say("sudoku-out", step.text, step.end !== "solved");
    return;
  }
  const cell = cells()[(step.row - 1) * side + (step.col - 1)];
  cell.value = String(step.digit > 9 ? "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[step.digit - 10] : step.digit);
  cell.classList.add("hint", "found");
  say("sudoku-out", step.text);
});

$("rate").onclick = sudokuAction(async () => {
  const r = await post(`/api/sudoku/rate?${variantQuery()}`, boardLine());
  say("sudoku-out", r.band ? `${r.band} (${r.nodes} nodes, ${r.extra_nodes} beyond singles)` : `${r.status}: ${r.error}`, !r.band);
});

$("generate").onclick = sudokuAction(async () => {
  say("sudoku-out", "generating...");
  const seed = $("seed").value.trim();
  const query = [`size=${$("size").value}`, `symmetry=${$("symmetry").value}`,
    `difficulty=${$("difficulty").value}`, seed ? `seed=${seed}` : "", variantQuery()]
    .filter((q) => q).join("&");
  const made = await get(`/api/sudoku/generate?${query}`);
  givens = made.puzzle;
  showLine(made.puzzle);
  say("sudoku-out", `${made.clues} givens, rated ${made.rating}, seed ${made.seed}`);
});

$("svg").onclick = sudokuAction(async () => {
  const answer = await fetch(`/api/sudoku/svg?${variantQuery()}`, { method: "POST", body: boardLine() });
  if (!answer.ok) throw new Error((await answer.json()).error);
  const url = URL.createObjectURL(await answer.blob());
  window.open(url, "_blank");
});

["x", "hyper", "anti_knight", "anti_king"].forEach((v) => $(v).addEventListener("change", drawVariants));
["jigsaw", "extra_regions"].forEach((v) => $(v).addEventListener("input", drawVariants));

// A file dropped on the paste box is read into it.
const paste = $("paste");
paste.addEventListener("dragover", (e) => { e.preventDefault(); paste.classList.add("drop"); });
paste.addEventListener("dragleave", () => paste.classList.remove("drop"));
paste.addEventListener("drop", async (e) => {
  e.preventDefault();
  paste.classList.remove("drop");
  const file = e.dataTransfer.files[0];
  if (file) {
    paste.value = await file.text();
    $("load").click();
  }
});

// Exact cover: one search at a time, with its time shown while it runs, and Stop, which
// closes the request: the server stops the search when its client goes away.
let running = null;

async function coverSearch(path, stream) {
  const controller = new AbortController();
  let found = null;
  const start = Date.now();
  running = controller;
  $("stop").disabled = false;
  $("first").disabled = $("count").disabled = $("cheapest").disabled = true;
  say("cover-out", "");
  const tick = setInterval(() => {
    const so_far = found ? `, ${found.nodes.toLocaleString("en")} nodes, ${found.solutions.toLocaleString("en")} solutions so far` : "";
    $("progress").textContent = `searching... ${((Date.now() - start) / 1000).toFixed(1)} s${so_far}`;
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
      }
    }
    if (last && last.error && last.status === undefined) throw new Error(last.error);
    return last;
  } catch (e) {
    if (e.name === "AbortError") {
      say("cover-out", `stopped after ${((Date.now() - start) / 1000).toFixed(1)} s`, true);
    } else {
      say("cover-out", e.message, true);
    }
    return null;
  } finally {
    clearInterval(tick);
    $("progress").textContent = "";
    $("stop").disabled = true;
    $("first").disabled = $("count").disabled = $("cheapest").disabled = false;
    running = null;
  }
}

function statistics(answer) {
  const parts = [`status: ${answer.status}`];
  if (answer.nodes !== undefined) parts.push(`nodes: ${answer.nodes}`, `updates: ${answer.updates}`);
  if (answer.error) parts.push(answer.error);
  return parts.join("\n");
}

$("first").onclick = async () => {
  const answer = await coverSearch(`/api/cover/solve?limit=${$("limit").value}`);
  if (!answer) return;
  const blocks = answer.solutions.map((s, k) => `solution ${k + 1}:\n${s.join("\n")}`);
  say("cover-out", `${blocks.join("\n\n") || "no solution"}\n\nfound: ${answer.found}\n${statistics(answer)}`);
};

$("count").onclick = async () => {
  const memo = $("memo").checked;
  const answer = await coverSearch(`/api/cover/count?${memo ? "memo=true" : "progress=true"}`, !memo);
  if (answer) say("cover-out", `count: ${answer.count}\n${statistics(answer)}`, answer.status !== "complete");
};

$("cheapest").onclick = async () => {
  const answer = await coverSearch("/api/cover/cheapest?best=5");
  if (!answer) return;
  const blocks = answer.solutions.map((s) => `cost: ${s.cost}\n${s.options.join("\n")}`);
  say("cover-out", `${blocks.join("\n\n") || "no solution"}\n\n${statistics(answer)}`, answer.status !== "complete");
};

$("stop").onclick = () => running && running.abort();

// The front ends' pictures, as an SVG: the first packing of the pieces on the board, or the
// first solution of the n queens.
$("draw").onclick = async () => {
  const kind = $("picture-kind").value;
  const query = kind === "queens"
    ? `n=${encodeURIComponent($("queens-n").value)}`
    : `board=${encodeURIComponent($("tiling-board").value)}&pieces=${encodeURIComponent($("tiling-pieces").value)}`;
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

drawBoard(9);
