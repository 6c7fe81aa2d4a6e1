import type { RelatedSection, ViewTab } from './EntityFormModal';
import type { EntityDef } from '@alumni/domain';
import type { TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import type { QueryParams, Row } from './entity-api';
import type { CellText } from './entity-columns';
import type { FieldOverrides, FormSection } from './field-overrides';

/** The generic list page and its narrow override slots. */
export interface EntityPageProps {
  entity: EntityDef;
  /** Replaces the list call's suffix, e.g. `parent-list`. */
  listPath?: string;
  /**
   * A tree entity's one-level call (`lazy-list`, answering children of `parentId` with `hasChildren`):
   * the page shows a tree table, expanded level by level, until something is searched.
   */
  treeLevelPath?: string;
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
  /** Toolbar buttons after add and delete; a function receives the selected rows' ids. */
  toolbarExtra?: ReactNode | ((selected: string[]) => ReactNode);
  /** The menu whose button codes (`<menu>_add|_edit|_delete|_view`) the page offers; the entity's own by default. */
  buttonMenu?: string;
  /** A page's own text for some columns' cells, by field name. */
  cellText?: Readonly<Record<string, CellText>>;
  /** Columns after the fields' and before the actions (names of other tables' rows). */
  extraColumns?: TableColumnType<Row>[];
  rowActions?: (row: Row) => ReactNode;
  dialogWidth?: number;
  title?: ReactNode;
  /** Adding needs a context the page does not have yet (a child list without a parent). */
  addDisabled?: boolean;
  /** The list is not fetched while false. */
  enabled?: boolean;
  /** The list is fetched again every 5 seconds while this holds for its rows (a push still sending). */
  refreshWhile?: (records: Record<string, unknown>[]) => boolean;
  onRowClick?: (row: Row) => void;
  activeRowId?: string;
  /**
   * The list's filters, page, size and sort are kept in the page's address (the default); a second
   * list on a page passes false and keeps its own.
   */
  keepInAddress?: boolean;
  /** Accessible name of the table region, used to tell two tables on one page apart. */
  regionLabel?: string;
  /** A related record added with each new row, in the same dialog (see `RelatedSection`). */
  addRelated?: RelatedSection;
  /** Tabs of the view dialog after the record's own, from the detail answer (an alumnus's study records, registrations, consent log). */
  viewTabs?: (row: Record<string, unknown>) => ViewTab[];
  /** The add/edit form in groups under headings, each with the page's own content before and after its fields. */
  formSections?: readonly FormSection[];
  /** Names of form-only controls the page's sections hold (a choice that shows some fields): never sent. */
  formOnlyFields?: readonly string[];
  /**
   * Opens the add dialog with these values over the defaults (复制: a new record filled from
   * another); each new object opens it once.
   */
  addRequest?: { values: Record<string, unknown> } | null;
  /**
   * Fields a link may fill in the page's address (`?noticeId=…`): when the address names any, the
   * add dialog opens with them (for a user who may add) and they leave the address; they never
   * filter the list.
   */
  prefillFromAddress?: readonly string[];
}
