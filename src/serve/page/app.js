// The page of `dancing serve`: plain JavaScript, no library. Every answer comes from the
// JSON API (docs/guide.md); the page draws the board, keeps what a person types on it (digits,
// pencil marks, the undo history) and writes the answers. This script holds the Sudoku and
// what every panel shares (`$`, `say`, `post`, `get`); cover.js, loaded after it, the Exact
// cover and Pictures panels.
//
// The board's state: `values[k]` the character of cell k in the board's symbols ("" for a
// blank), `given[k]` whether it came with the puzzle (such a cell is not typed over),
// `found[k]` whether the engine filled it, `marks[k]` the pencil marks of a blank cell. Every
// change a person makes goes through `change`, which keeps the undo history.
"use strict";

const $ = (id) => document.getElementById(id);
const ALPHABETS = {
  "1-9A-Z": "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
  "0-9A-Z": "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
  "A-Z": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
};
let side = 9;
let symbols = "1-9A-Z";
let values = [], given = [], found = [], marks = [];
let cur = 0;
let pencil = false;
let past = [], future = [];
let hinted = -1, hintCells = new Set();

// The characters of the digits 1..side in the board's symbols (as the command line writes
// them: `1-9A-Z`, hexadoku's `0-9A-Z`, or letters).
function digits() {
  return ALPHABETS[symbols].slice(0, side);
}

// The boxes of a side, as the command line shapes them: rows x columns.
function boxes(n) {
  return { 4: [2, 2], 6: [2, 3], 8: [2, 4], 9: [3, 3], 12: [3, 4], 16: [4, 4], 25: [5, 5] }[n] || [n, 1];
}

function cells() {
  return Array.from($("board").querySelectorAll(".cell"));
}

// The board, side x side cells in rows (an ARIA grid), all blank, in `names` (the default
// symbols of its size when none are named).
function drawBoard(n, names) {
  side = n;
  symbols = names || (n > 35 ? "0-9A-Z" : "1-9A-Z");
  const board = $("board");
  board.innerHTML = "";
  board.style.setProperty("--side", n);
  for (let r = 0; r < n; r++) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    for (let c = 0; c < n; c++) {
      const cell = document.createElement("div");
      cell.className = "cell";
      cell.setAttribute("role", "gridcell");
      cell.tabIndex = -1;
      cell.dataset.row = r;
      cell.dataset.col = c;
      cell.addEventListener("click", () => select(r * n + c, true));
      row.appendChild(cell);
    }
    board.appendChild(row);
  }
  values = Array(n * n).fill("");
  given = Array(n * n).fill(false);
  found = Array(n * n).fill(false);
  marks = Array.from({ length: n * n }, () => new Set());
  past = [];
  future = [];
  cur = 0;
  drawPad();
  drawVariants();
}

// The board as a line: one character a cell, '.' for a blank.
function boardLine() {
  return values.map((v) => v || ".").join("");
}

// A new puzzle on the board: `line` in the symbols `names`; its digits are givens.
function newPuzzle(line, names) {
  const n = Math.round(Math.sqrt(line.length));
  drawBoard(n, names);
  Array.from(line).forEach((ch, k) => {
    values[k] = ch === "." ? "" : ch;
    given[k] = ch !== ".";
  });
  restartTimer();
  render();
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

// The houses of the board under the variants checked: rows, columns, regions, and the
// diagonals and windows of X and hyper; each a list of cells.
function houses() {
  const n = side, all = [];
  for (let i = 0; i < n; i++) {
    all.push(Array.from({ length: n }, (_, j) => i * n + j), Array.from({ length: n }, (_, j) => j * n + i));
  }
  const byLabel = new Map();
  regions().forEach((label, k) => byLabel.set(label, [...(byLabel.get(label) || []), k]));
  all.push(...byLabel.values());
  if ($("x").checked) {
    all.push(Array.from({ length: n }, (_, i) => i * n + i), Array.from({ length: n }, (_, i) => i * n + n - 1 - i));
  }
  if ($("hyper").checked && n === 9) {
    for (const [r0, c0] of [[1, 1], [1, 5], [5, 1], [5, 5]]) {
      all.push(Array.from({ length: 9 }, (_, i) => (r0 + Math.floor(i / 3)) * 9 + c0 + (i % 3)));
    }
  }
  return all;
}

// The cells whose digit is repeated in one of their houses, or a knight's or king's move
// away under anti-knight and anti-king: the conflicts a person sees while typing.
function conflicts() {
  const bad = new Set();
  for (const house of houses()) {
    const seen = new Map();
    for (const k of house) {
      if (!values[k]) continue;
      if (seen.has(values[k])) bad.add(k).add(seen.get(values[k]));
      else seen.set(values[k], k);
    }
  }
  const moves = [];
  if ($("anti_knight").checked) moves.push([1, 2], [2, 1], [1, -2], [2, -1]);
  if ($("anti_king").checked) moves.push([1, 1], [1, -1]);
  values.forEach((v, k) => {
    if (!v) return;
    const r = Math.floor(k / side), c = k % side;
    for (const [dr, dc] of moves) {
      const r2 = r + dr, c2 = c + dc;
      if (r2 < side && c2 >= 0 && c2 < side && values[r2 * side + c2] === v) bad.add(k).add(r2 * side + c2);
    }
  });
  return bad;
}

// Draws the state on the cells: digits or pencil marks, givens, conflicts, the selected
// cell and the cells it shares a house with, the hint and the houses it reads.
function render() {
  const bad = conflicts();
  const region = regions();
  const [r0, c0] = [Math.floor(cur / side), cur % side];
  const ds = digits();
  const markSide = Math.ceil(Math.sqrt(side));
  cells().forEach((cell, k) => {
    const r = Math.floor(k / side), c = k % side;
    const v = values[k];
    if (v) {
      cell.textContent = v;
    } else if (marks[k].size) {
      cell.innerHTML = "";
      const grid = document.createElement("div");
      grid.className = "marks";
      grid.style.gridTemplateColumns = `repeat(${markSide}, 1fr)`;
      for (const d of ds) {
        const span = document.createElement("span");
        span.textContent = marks[k].has(d) ? d : "";
        grid.appendChild(span);
      }
      cell.appendChild(grid);
    } else {
      cell.textContent = "";
    }
    const peer = r === r0 || c === c0 || region[k] === region[cur];
    cell.classList.toggle("given", given[k]);
    cell.classList.toggle("found", found[k] && !given[k]);
    cell.classList.toggle("conflict", bad.has(k));
    cell.classList.toggle("selected", k === cur);
    cell.classList.toggle("peer", peer && k !== cur);
    cell.classList.toggle("same", !!v && v === values[cur] && k !== cur);
    cell.classList.toggle("hint", k === hinted);
    cell.classList.toggle("house", hintCells.has(k) && k !== hinted);
    cell.tabIndex = k === cur ? 0 : -1;
    cell.setAttribute("aria-selected", k === cur ? "true" : "false");
    const what = v ? `${v}${given[k] ? ", given" : ""}` : marks[k].size ? `candidates ${[...marks[k]].sort().join(" ")}` : "blank";
    cell.setAttribute("aria-label", `r${r + 1}c${c + 1}: ${what}${bad.has(k) ? ", conflict" : ""}`);
  });
  $("undo").disabled = !past.length;
  $("redo").disabled = !future.length;
  if (values.every((v) => v) && !bad.size && stoppedAt === null) stoppedAt = Date.now();
}

function snapshot() {
  return { values: values.slice(), found: found.slice(), marks: marks.map((m) => new Set(m)) };
}

function restore(state) {
  ({ values, found } = state);
  marks = state.marks;
}

// Applies `edit` to the state, with an undo step; the marks of the last hint are put away.
function change(edit) {
  past.push(snapshot());
  future = [];
  hinted = -1;
  hintCells = new Set();
  edit();
  render();
}

function undo() {
  if (!past.length) return;
  future.push(snapshot());
  restore(past.pop());
  render();
}

function redo() {
  if (!future.length) return;
  past.push(snapshot());
  restore(future.pop());
  render();
}

function select(k, focus) {
  cur = k;
  render();
  if (focus) cells()[k].focus();
}

// Types `ch` into the selected cell: a digit of the board replaces what it holds (or, in
// pencil mode, toggles that mark); anything else is refused with a word why.
function enter(ch) {
  const ds = digits();
  if (!ds.includes(ch)) {
    const why = ch === "0" ? "0 is not a digit of this board" : `${ch} is not a digit of this board`;
    say("sudoku-out", `${why} (its digits: ${ds}); Backspace clears a cell`, true);
    return;
  }
  if (given[cur]) {
    say("sudoku-out", `r${Math.floor(cur / side) + 1}c${cur % side + 1} is a given of the puzzle`, true);
    return;
  }
  say("sudoku-out", "");
  const k = cur;
  if (pencil && !values[k]) {
    change(() => (marks[k].has(ch) ? marks[k].delete(ch) : marks[k].add(ch)));
  } else if (!pencil) {
    change(() => { values[k] = ch; found[k] = false; marks[k].clear(); });
  }
}

function clearCell() {
  const k = cur;
  if (given[k] || (!values[k] && !marks[k].size)) return;
  change(() => { values[k] = ""; found[k] = false; marks[k].clear(); });
}

// The keyboard on the board: digits, Backspace/Delete, arrows, Tab, Ctrl+Z and Ctrl+Y.
$("board").addEventListener("keydown", (e) => {
  const key = e.key;
  const ctrl = e.ctrlKey || e.metaKey;
  const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
  if (ctrl && key.toLowerCase() === "z") (e.shiftKey ? redo : undo)();
  else if (ctrl && key.toLowerCase() === "y") redo();
  else if (ctrl || e.altKey) return;
  else if (moves[key]) {
    const [dr, dc] = moves[key];
    const r = Math.min(side - 1, Math.max(0, Math.floor(cur / side) + dr));
    const c = Math.min(side - 1, Math.max(0, (cur % side) + dc));
    select(r * side + c, true);
  } else if (key === "Tab") {
    const next = cur + (e.shiftKey ? -1 : 1);
    if (next < 0 || next >= side * side) return;
    select(next, true);
  } else if (key === "Backspace" || key === "Delete") clearCell();
  else if (key.length === 1 && key !== " ") enter(key.toUpperCase());
  else return;
  e.preventDefault();
});

// The number pad (shown on touch screens): a button a digit, and Erase.
function drawPad() {
  const pad = $("pad");
  pad.innerHTML = "";
  const columns = side <= 9 ? side : Math.ceil(side / 2);
  pad.style.gridTemplateColumns = `repeat(${Math.min(columns + 1, 13)}, 1fr)`;
  for (const d of digits()) {
    const button = document.createElement("button");
    button.textContent = d;
    button.setAttribute("aria-label", `enter ${d}`);
    button.onclick = () => enter(d);
    pad.appendChild(button);
  }
  const erase = document.createElement("button");
  erase.textContent = "⌫";
  erase.setAttribute("aria-label", "erase");
  erase.onclick = clearCell;
  pad.appendChild(erase);
}

$("pencil").onclick = () => {
  pencil = !pencil;
  $("pencil").setAttribute("aria-pressed", String(pencil));
};
$("undo").onclick = undo;
$("redo").onclick = redo;

// The timer: from the puzzle's arrival to a full board that breaks no rule.
let started = Date.now(), stoppedAt = null;
function restartTimer() {
  started = Date.now();
  stoppedAt = null;
}
setInterval(() => {
  const s = Math.floor(((stoppedAt ?? Date.now()) - started) / 1000);
  $("timer").textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}, 500);
$("timer-toggle").onclick = () => {
  const hidden = $("timer").classList.toggle("hidden");
  $("timer-toggle").textContent = hidden ? "Show timer" : "Hide timer";
  $("timer-toggle").setAttribute("aria-pressed", String(hidden));
};

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
  render();
}

// The variants of a Sudoku request.
function variantQuery() {
  const switches = ["x", "hyper", "anti_knight", "anti_king"]
    .filter((v) => $(v).checked).map((v) => `${v}=true`);
  const jigsaw = $("jigsaw").value.trim();
  if (jigsaw) switches.push(`jigsaw=${encodeURIComponent(jigsaw)}`);
  const extra = $("extra_regions").value.trim();
  if (extra) switches.push(`extra_regions=${encodeURIComponent(extra)}`);
  return switches.join("&");
}

// The query of a request about the board: the variants and the board's symbols.
function sudokuQuery() {
  return [variantQuery(), `symbols=${encodeURIComponent(symbols)}`].filter((q) => q).join("&");
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
  newPuzzle(read.puzzle, read.symbols);
  say("sudoku-out", `read a ${read.size}x${read.size} puzzle, ${read.givens} givens`);
});

$("clear").onclick = () => {
  drawBoard(side, symbols);
  restartTimer();
  say("sudoku-out", "");
};

$("solve").onclick = sudokuAction(async () => {
  const puzzle = boardLine();
  const record = await post(`/api/sudoku/solve?${sudokuQuery()}`, puzzle);
  if (record.solution) {
    change(() => Array.from(record.solution).forEach((ch, k) => {
      if (puzzle[k] === ".") { values[k] = ch; found[k] = true; marks[k].clear(); }
    }));
  }
  say("sudoku-out", `${record.status}${record.error ? ": " + record.error : ""} (${record.nodes} nodes)`,
    record.status !== "solved");
});

$("check").onclick = sudokuAction(async () => {
  const record = await post(`/api/sudoku/solve?count=true&limit=2&${sudokuQuery()}`, boardLine());
  const n = record.solutions;
  const text = record.status === "invalid" || record.status === "gave-up"
    ? `${record.status}: ${record.error}`
    : n === 0 ? "no solution" : n === 1 ? "unique: exactly one solution" : "not unique: at least 2 solutions";
  say("sudoku-out", text, n !== 1);
});

// The next step by singles, placed on the board (undoable), its cell and the houses the
// deduction reads drawn; or where the singles stop (a full board that breaks no rule is
// solved).
$("hint").onclick = sudokuAction(async () => {
  const step = await post(`/api/sudoku/hint?${sudokuQuery()}`, boardLine());
  if (step.end) {
    hinted = -1;
    hintCells = new Set();
    render();
    say("sudoku-out", step.text, step.end !== "solved" && step.end !== "full");
    return;
  }
  const k = (step.row - 1) * side + (step.col - 1);
  change(() => { values[k] = step.symbol; found[k] = true; marks[k].clear(); });
  hinted = k;
  hintCells = new Set(step.cells.map(([r, c]) => (r - 1) * side + (c - 1)));
  cur = k;
  render();
  say("sudoku-out", step.text);
});

// The candidates of every blank cell, from the engine, as pencil marks (undoable).
$("candidates").onclick = sudokuAction(async () => {
  const answer = await post(`/api/sudoku/candidates?${sudokuQuery()}`, boardLine());
  change(() => answer.candidates.forEach((list, k) => {
    if (!values[k]) marks[k] = new Set(list);
  }));
  say("sudoku-out", "candidates filled in from the engine");
});

$("rate").onclick = sudokuAction(async () => {
  const r = await post(`/api/sudoku/rate?${sudokuQuery()}`, boardLine());
  say("sudoku-out", r.band ? `${r.band} (${r.nodes} nodes, ${r.extra_nodes} beyond singles)` : `${r.status}: ${r.error}`, !r.band);
});

// Seeds travel as strings: a seed is any 64-bit number, past what a JavaScript number holds.
$("generate").onclick = sudokuAction(async () => {
  say("sudoku-out", "generating...");
  const seed = $("seed").value.trim();
  const query = [`size=${$("size").value}`, `symmetry=${$("symmetry").value}`,
    `difficulty=${$("difficulty").value}`, seed ? `seed=${encodeURIComponent(seed)}` : "", variantQuery()]
    .filter((q) => q).join("&");
  const made = await get(`/api/sudoku/generate?${query}`);
  newPuzzle(made.puzzle, made.symbols);
  say("sudoku-out", `${made.clues} givens, rated ${made.rating}, seed ${made.seed}`);
});

$("svg").onclick = sudokuAction(async () => {
  const answer = await fetch(`/api/sudoku/svg?${sudokuQuery()}`, { method: "POST", body: boardLine() });
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

// The menus of Generate, from the server's lists (the library's bands, symmetries, sizes).
async function fillChoices() {
  const choices = await get("/api/sudoku/choices");
  const fill = (id, names, chosen) => {
    for (const name of names) {
      const option = document.createElement("option");
      option.textContent = name;
      option.selected = name === chosen;
      $(id).appendChild(option);
    }
  };
  fill("size", choices.sizes, 9);
  fill("symmetry", choices.symmetries, "none");
  fill("difficulty", choices.difficulties);
}

drawBoard(9);
fillChoices().catch((e) => say("sudoku-out", e.message, true));
