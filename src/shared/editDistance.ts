// Edit distance (Levenshtein) between two strings: what "did you mean" suggestions rank by (broken
// links, unknown doc ids in a sidebars file). Strings whose lengths differ by more than 40 are not
// compared letter by letter: their length difference stands in, which is enough to rank them last.

export function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 40) return Math.abs(a.length - b.length);
  const prev = new Array(b.length + 1).fill(0).map((_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length];
}
