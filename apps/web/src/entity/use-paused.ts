import { useEffect, useState } from 'react';

/** The value once it has stayed the same for `ms` (what is typed into a search, a live estimate's inputs). */
export function usePaused<T>(value: T, ms = 300): T {
  const [paused, setPaused] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setPaused(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return paused;
}
