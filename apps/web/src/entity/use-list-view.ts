import type { EntityDef } from '@alumni/domain';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { readListView, writeListView, type ListSort, type ListView, type ListViewRules } from './search-params';

/** A change of the view: what changes, or a function of the view as it now is. */
export type ViewChange = Partial<ListView> | ((current: ListView) => Partial<ListView>);

/** The sort after a click on `field`'s column (null: the table cleared its sort). */
export function nextSort(sort: ListSort | null, field: string | null): ListSort | null {
  if (field === null) return null;
  if (sort?.field !== field) return { field, desc: false };
  return sort.desc ? null : { field, desc: true };
}

const without = (address: URLSearchParams, ignored: readonly string[]) => {
  const rest = new URLSearchParams(address);
  for (const k of ignored) rest.delete(k);
  return rest;
};

/**
 * A list's filters, page, page size and sort. Kept in the page's address (`inAddress`): each change
 * is a new history entry, so back and forward step through the views, and a reload or a shared link
 * opens the same one. A second list on a page keeps its view to itself, as two lists cannot share
 * one address's `current`. A change names only what changes; the rest is read from the address as
 * it is at that moment: the browser's own, or the one this list has just asked for and the router has
 * not yet shown. The router renders a new address in a transition unless told to flush it: a click
 * right after a search was handled by a render that had not seen it, so the sort it set dropped the
 * filter just searched, and a second click on a column sorted it ascending again. The list's own
 * changes are flushed, so the next click meets the view it asked for.
 */
export function useListView(entity: EntityDef, rules: ListViewRules, inAddress: boolean, ignored: readonly string[] = []) {
  const [address, setAddress] = useSearchParams();
  const ignoredKey = ignored.join(',');
  const own = useMemo(() => without(address, ignoredKey.split(',')).toString(), [address, ignoredKey]);
  const { only, defaultSize, sizes, sortable } = rules;
  // The rules' lists are compared by content: a page may build them anew on each render.
  const rulesKey = JSON.stringify([only, defaultSize, sizes, sortable]);
  const latestRules = useRef(rules);
  latestRules.current = rules;
  const fromAddress = useMemo(
    () => readListView(entity, new URLSearchParams(own), latestRules.current),
    [entity, own, rulesKey],
  );
  const [local, setLocal] = useState<ListView>(() => readListView(entity, new URLSearchParams(), rules));
  const view = inAddress ? fromAddress : local;
  // The address last asked for, and the browser's address it was asked from: while the browser still
  // shows that one, the asked one is on its way.
  const asked = useRef<{ from: string; to: string } | null>(null);
  const changeView = useCallback((change: ViewChange) => {
    const changed = (v: ListView): ListView => ({ ...v, ...(typeof change === 'function' ? change(v) : change) });
    if (!inAddress) setLocal(changed);
    else {
      const from = window.location.search;
      const base = new URLSearchParams(asked.current?.from === from ? asked.current.to : from);
      const current = readListView(entity, without(base, ignoredKey.split(',')), latestRules.current);
      const next = writeListView(entity, base, changed(current), latestRules.current.defaultSize);
      asked.current = { from, to: next.toString() };
      setAddress(next, { flushSync: true });
    }
  }, [inAddress, entity, setAddress, ignoredKey]);
  return [view, changeView] as const;
}
