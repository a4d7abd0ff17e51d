// The worker thread that runs TreeText's in-process searches (evidence/tree-text.ts). JavaScript's
// regex engine backtracks, so a pattern such as `(\w+\s?)+$` can run for ever on one line; in a
// thread of its own such a search can be abandoned at a deadline and left to rg, whose engine is
// linear. Plain JavaScript because a worker thread does not get tsx's loader.
import { workerData, parentPort } from 'node:worker_threads';

/** @type {{ files: { text: string, lineStarts: number[], ascii: boolean }[], replies: import('node:worker_threads').MessagePort, signal: SharedArrayBuffer }} */
const { files, replies, signal } = workerData;
const answered = new Int32Array(signal);
/** Compiled regexes by source: a Unicode one takes long to compile, and a tree is searched with the same one often. */
const compiled = new Map();
signalAnswered(0);

parentPort.on('message', ({ number, files: chosen, ascii, unicode }) => {
  replies.postMessage({ number, matches: matchesOf(chosen, ascii, unicode) });
  signalAnswered(number);
});

/** Every match in the chosen files; null when rg must answer: a match is empty, or the engine gave up (out of backtracking stack). */
function matchesOf(chosen, ascii, unicode) {
  const matches = [];
  try {
    for (const index of chosen) {
      const file = files[index];
      if (!collect(index, file, regexOf(file.ascii ? ascii : unicode), matches)) return null;
    }
  } catch {
    return null;
  }
  return matches;
}

/** Wakes the caller, which waits for the number of the search it asked (0: the thread is ready). */
function signalAnswered(number) {
  Atomics.store(answered, 0, number);
  Atomics.notify(answered, 0);
}

function regexOf(source) {
  let regex = compiled.get(source);
  if (!regex) compiled.set(source, (regex = new RegExp(source, 'gu')));
  return regex;
}

/** Adds the file's matches as [file index, line, UTF-16 column, text]; false when one is empty (rg's handling of empty matches is left to rg). */
function collect(index, file, regex, into) {
  regex.lastIndex = 0;
  let line = 0;
  for (let m = regex.exec(file.text); m; m = regex.exec(file.text)) {
    if (m[0].length === 0) return false;
    while (line + 1 < file.lineStarts.length && file.lineStarts[line + 1] <= m.index) line++;
    into.push([index, line + 1, m.index - file.lineStarts[line], m[0]]);
  }
  return true;
}
