/**
 * Runs a benchmark's measurement on each database in turn. The API is called in-process (no
 * listening socket) and SQLite's reader threads do not hold the process open, so the process is
 * kept alive while the calls run.
 */
export async function measureEach<D, T>(dialects: readonly D[], measure: (dialect: D) => Promise<T>): Promise<T[]> {
  const keepAlive = setInterval(() => undefined, 1000);
  try {
    const results: T[] = [];
    for (const dialect of dialects) results.push(await measure(dialect));
    return results;
  } finally {
    clearInterval(keepAlive);
  }
}
