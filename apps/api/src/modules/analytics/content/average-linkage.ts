/** One step of the agglomeration: the clusters (as lists of item indexes) after it, and the height it merged at. */
export interface LinkageStep {
  height: number;
  groups: number[][];
}

/**
 * Average-linkage (UPGMA) agglomeration over a full distance matrix. Written here instead of ml-hclust: at ≤ 16
 * centroids the O(n³) loop is microseconds, and it returns every cut directly. Ties merge the lowest indexes.
 */
export function averageLinkage(distance: readonly (readonly number[])[]): LinkageStep[] {
  let groups = distance.map((_, i) => [i]);
  const steps: LinkageStep[] = [];
  const between = (a: number[], b: number[]) => {
    let sum = 0;
    for (const i of a) for (const j of b) sum += (distance[i] as number[])[j] as number;
    return sum / (a.length * b.length);
  };
  while (groups.length > 1) {
    let bestA = 0;
    let bestB = 1;
    let bestHeight = Number.POSITIVE_INFINITY;
    for (let a = 0; a < groups.length; a++) {
      for (let b = a + 1; b < groups.length; b++) {
        const height = between(groups[a] as number[], groups[b] as number[]);
        if (height < bestHeight) {
          bestHeight = height;
          bestA = a;
          bestB = b;
        }
      }
    }
    const merged = [...(groups[bestA] as number[]), ...(groups[bestB] as number[])].sort((x, y) => x - y);
    groups = groups.filter((_, i) => i !== bestA && i !== bestB);
    groups.push(merged);
    groups.sort((x, y) => (x[0] as number) - (y[0] as number));
    steps.push({ height: bestHeight, groups });
  }
  return steps;
}

export interface Cut {
  groups: number[][];
  /** The merge-height jump that chose this cut. */
  jump: number;
}

/**
 * The number of groups in [min, max] where the next merge jumps highest above the previous one (§1.7 step 4); with
 * no merge done yet the jump is measured from 0. Ties choose fewer groups.
 */
export function cutAtLargestJump(
  items: number,
  steps: readonly LinkageStep[],
  min: number,
  max: number,
): Cut {
  const singletons = Array.from({ length: items }, (_, i) => [i]);
  let best: Cut | undefined;
  for (let count = Math.max(2, Math.min(min, items)); count <= Math.min(max, items); count++) {
    const done = items - count;
    const next = steps[done];
    if (!next) continue;
    const jump = next.height - (done === 0 ? 0 : (steps[done - 1] as LinkageStep).height);
    if (!best || jump > best.jump)
      best = { groups: done === 0 ? singletons : (steps[done - 1] as LinkageStep).groups, jump };
  }
  return best ?? { groups: items === 0 ? [] : [singletons.flat()], jump: 0 };
}
