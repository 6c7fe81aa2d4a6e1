import type { EntityDef } from '@alumni/domain';
import type { ReactNode } from 'react';
import type { QueryParams, Row } from './entity-api';
import type { FieldOverrides } from './field-overrides';

/** The generic list page and its narrow override slots. */
export interface EntityPageProps {
  entity: EntityDef;
  /** Replaces the list call's suffix, e.g. `parent-list`. */
  listPath?: string;
  /** Filters every list call carries (a child list's parentId). */
  extraParams?: QueryParams;
  /** Column fields, in order; defaults to the fields marked `list`. */
  columns?: readonly string[];
  /** Searchable fields to offer; defaults to all with `search`. */
  searchFields?: readonly string[];
  /** Form adjustments: disabled, hidden or (not) required fields. */
  fieldOverrides?: FieldOverrides;
  /** Values a new record starts with and keeps (a child's code and parent). */
  presetValues?: Record<string, unknown>;
  toolbarExtra?: ReactNode;
  rowActions?: (row: Row) => ReactNode;
  dialogWidth?: number;
  title?: ReactNode;
  /** Adding needs a context the page does not have yet (a child list without a parent). */
  addDisabled?: boolean;
  /** The list is not fetched while false. */
  enabled?: boolean;
  onRowClick?: (row: Row) => void;
  activeRowId?: string;
  /** Accessible name of the table region, used to tell two tables on one page apart. */
  regionLabel?: string;
}
