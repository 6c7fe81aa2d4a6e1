import { formDefaults, type EntityDef } from '@alumni/domain';
import { useCallback, useRef, useState } from 'react';
import type { Row } from './entity-api';
import type { FormMode } from './EntityFormModal';

interface DialogState {
  open: boolean;
  mode: FormMode;
  /** The row being edited or viewed (as the detail call answers it). */
  row: Row | null;
  initial: Record<string, unknown>;
}

const closed: DialogState = { open: false, mode: 'add', row: null, initial: {} };

/** Which dialog is open and with what values. */
export function useEntityDialog(entity: EntityDef, presets: Record<string, unknown> = {}) {
  const [state, setState] = useState<DialogState>(closed);
  // The openers keep their identity across renders (pages open the dialog from effects).
  const made = useRef({ entity, presets });
  made.current = { entity, presets };
  /** A new record: the definition's defaults, the page's presets, then any values given (a copy, a link's). */
  const openAdd = useCallback((values: Record<string, unknown> = {}) => setState({
    open: true, mode: 'add', row: null, initial: { ...formDefaults(made.current.entity), ...made.current.presets, ...values },
  }), []);
  const openRow = useCallback((mode: 'edit' | 'view', row: Row) => setState({ open: true, mode, row, initial: { ...row } }), []);
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  return { ...state, openAdd, openRow, close };
}

/** The body of a save: the record's own fields, the page's presets, the typed values. */
export function submitBody(
  entity: EntityDef,
  row: Row | null,
  presets: Record<string, unknown>,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const own = row ? Object.fromEntries(Object.keys(entity.fields).filter((k) => k in row).map((k) => [k, row[k]])) : {};
  return { ...own, ...presets, ...values, ...(row ? { id: row.id } : {}) };
}
