import { DEVELOP_PATHS, modelEntity, type GeneratedCode, type ModelPrototype, type SourceTable } from '@alumni/domain';
import { downloadFile, getData, postData } from '../../api/http';

/** What a connection test answers. */
export interface ConnectionResult { connected: boolean; tables: number }

/** Tries a data source: a form's values, over the saved row's when `id` is given (a masked password means the saved one). */
export const testConnection = (settings: Record<string, unknown>) => postData<ConnectionResult>(DEVELOP_PATHS.datasourceTest, settings);

/** A data source's tables with their comments. */
export const fetchTables = (datasourceId: string) => getData<SourceTable[]>(DEVELOP_PATHS.tableList, { datasourceId });

/** The data sources for the design dialog's picker. */
export const fetchDatasources = () => getData<{ id: string; name: string }[]>(DEVELOP_PATHS.datasourceSelect);

/** A model's fields: saved, or proposed from its table (`fresh`: proposed even when saved). */
export const fetchPrototypes = (modelId: string, fresh = false) =>
  getData<ModelPrototype[]>(DEVELOP_PATHS.modelPrototype, { modelId, ...(fresh ? { fresh: '1' } : {}) });

/** Saves a model's whole design. */
export const savePrototypes = (rows: ModelPrototype[]) => postData<boolean>(DEVELOP_PATHS.prototypeSubmitList, rows);

/** Saves a model's data source and table (edit). */
export const saveModelSource = (id: string, datasourceId: string, modelTable: string) =>
  postData<Record<string, unknown>>(`${modelEntity.api!.base}/submit`, { id, datasourceId, modelTable });

/** The models for the code setting form's picker. */
export interface ModelChoice { id: string; modelName: string; modelCode: string; modelTable: string }
export const fetchModels = () => getData<ModelChoice[]>(DEVELOP_PATHS.modelSelect);

/** Copies a code setting (the old name with -copy). */
export const copyCode = (id: string) => postData<Record<string, unknown>>(DEVELOP_PATHS.codeCopy, undefined, { id });

/** The files generated from code settings. */
export const generateCode = (ids: readonly string[]) => postData<GeneratedCode[]>(DEVELOP_PATHS.genCode, undefined, { ids: ids.join(','), system: 'all' });

/** The same files as one zip file. */
export const downloadCode = (ids: readonly string[]) => downloadFile(DEVELOP_PATHS.genCodeZip, { ids: ids.join(','), system: 'all' });
