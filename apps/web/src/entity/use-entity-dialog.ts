import { formDefaults, type EntityDef } from '@alumni/domain';
import { useState } from 'react';
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
  return {
    ...state,
    openAdd: () => setState({ open: true, mode: 'add', row: null, initial: { ...formDefaults(entity), ...presets } }),
    openRow: (mode: 'edit' | 'view', row: Row) => setState({ open: true, mode, row, initial: { ...row } }),
    close: () => setState((s) => ({ ...s, open: false })),
  };
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
