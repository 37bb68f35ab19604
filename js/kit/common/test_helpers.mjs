// Shared fixtures for the node tests (not bundled).

/** All 28 tiles of the double-six set in one valid line (an Euler trail), from 6. */
export function fullLine() {
  const unused = new Map();
  for (let a = 0; a <= 6; a++) for (let b = a; b <= 6; b++) unused.set(`${a}-${b}`, [a, b]);
  const takeFrom = (v) => {
    for (const [key, [a, b]] of unused) {
      if (a === v || b === v) {
        unused.delete(key);
        return a === v ? b : a;
      }
    }
    return null;
  };
  // Hierholzer: walk until stuck, splice detours in while backtracking.
  const stack = [6];
  const trail = [];
  while (stack.length) {
    const next = takeFrom(stack[stack.length - 1]);
    if (next === null) trail.push(stack.pop());
    else stack.push(next);
  }
  trail.reverse();
  return trail.slice(1).map((v, i) => [trail[i], v]);
}
