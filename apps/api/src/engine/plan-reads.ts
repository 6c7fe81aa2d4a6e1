/**
 * Reads a write plan repeats of rows its writes do not change — a roster import asks for the same
 * six departments a hundred thousand times — kept for the plan's life (one submit, one import
 * file), shared with the server's own writes inside it. Only for rows of other entities that the
 * plan's writes leave alone; a failed read is not kept.
 */
export type PlanReads = Map<string, Promise<unknown>>;

/** `load()` once per plan and key; without a plan's reads (a write outside a plan), every time. */
export function readOnce<T>(holder: { reads?: PlanReads }, key: string, load: () => Promise<T>): Promise<T> {
  const reads = holder.reads;
  if (!reads) return load();
  let pending = reads.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = load();
    reads.set(key, pending);
    pending.catch(() => reads.delete(key));
  }
  return pending;
}
