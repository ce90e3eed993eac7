// Weighted picks with changing weights in O(log n): the identity plan draws funds by the room they have left.

export class Fenwick {
  private readonly tree: Float64Array;
  private sum = 0;

  constructor(weights: readonly number[]) {
    this.tree = new Float64Array(weights.length + 1);
    weights.forEach((weight, i) => this.add(i, weight));
  }

  get total(): number {
    return this.sum;
  }

  add(index: number, delta: number): void {
    this.sum += delta;
    for (let i = index + 1; i < this.tree.length; i += i & -i) this.tree[i]! += delta;
  }

  /** Index whose weight covers `target` in [0, total): weight-proportional for a uniform target. */
  find(target: number): number {
    let position = 0;
    let rest = target;
    for (let step = 2 ** Math.floor(Math.log2(this.tree.length)); step > 0; step >>= 1) {
      const next = position + step;
      if (next < this.tree.length && this.tree[next]! <= rest) {
        position = next;
        rest -= this.tree[next]!;
      }
    }
    return position;
  }
}
