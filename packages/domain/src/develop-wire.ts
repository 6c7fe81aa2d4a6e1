import type { FieldKind, SearchMode } from './fields.js';
import { t } from './text.js';

/** Calls of the developer tools beside the standard entity calls (all under /api). */
export const DEVELOP_PATHS = {
  /** *(added)* Tries a data source's settings (a form's values, or a saved one by id) without saving. */
  datasourceTest: '/blade-develop/datasource/test',
  /** *(added)* `{id, name}` of the data sources, for the model form's picker. */
  datasourceSelect: '/blade-develop/datasource/select',
  tableList: '/blade-develop/model/table-list',
  tableInfo: '/blade-develop/model/table-info',
  modelPrototype: '/blade-develop/model/model-prototype',
  /** *(added)* `{id, modelName, modelCode, modelTable}` of the models, for the code setting's picker. */
  modelSelect: '/blade-develop/model/select',
  prototypeSubmitList: '/blade-develop/model-prototype/submit-list',
  prototypeSelect: '/blade-develop/model-prototype/select',
  codeCopy: '/blade-develop/code/copy',
  genCode: '/blade-develop/code/gen-code',
  /** *(added)* The generated files of `gen-code` as one zip file. */
  genCodeZip: '/blade-develop/code/gen-code-zip',
} as const;

/** What `gen-code` may generate (`system`): every part, or the definition's, the server's or the web's alone. */
export const GEN_SYSTEMS = ['all', 'domain', 'api', 'web'] as const;
export type GenSystem = (typeof GEN_SYSTEMS)[number];

/**
 * One generated file. `file` is written whole at `path` (from the repository's root); `addition` is
 * lines to add to an existing file: before the first line starting with `before`, after the last line
 * starting with `afterLast`, at the end with neither, or (the menu tree) by hand among the children of
 * the menu `underMenu` (null: the top level).
 */
export interface GeneratedFile {
  path: string;
  kind: 'file' | 'addition';
  /** What the file is: the definition, the registry line, the migration, the menu, the page, hooks. */
  role: 'definition' | 'registry' | 'index' | 'migration' | 'migrations' | 'menu' | 'page' | 'pages' | 'hooks' | 'services';
  content: string;
  before?: string;
  afterLast?: string;
  /** The menu tree's entry goes by hand among the children of this menu (null: the tree's top level). */
  underMenu?: string | null;
}

/** The answer of `gen-code` for one code setting. */
export interface GeneratedCode {
  codeId: string;
  codeName: string;
  /** The generated entity's name (registry key, menu code). */
  entity: string;
  files: GeneratedFile[];
  /** What the generator decided that the files alone do not say, in the caller's language. */
  notes: string[];
}

/** A table of a data source (`table-list`). */
export interface SourceTable {
  name: string;
  comment: string;
}

export interface SourceColumn {
  name: string;
  /** The column's type as the database names it, lower case (`varchar(64)`, `bigint`, `timestamp without time zone`). */
  type: string;
  nullable: boolean;
  primaryKey: boolean;
  defaultValue: string | null;
  comment: string;
  /** Character length where the type has one. */
  length: number | null;
}

export interface SourceIndex {
  name: string;
  columns: string[];
  unique: boolean;
}

/** A table's structure (`table-info`). */
export interface SourceTableInfo extends SourceTable {
  columns: SourceColumn[];
  indexes: SourceIndex[];
}

/** The field kinds a model's field may take, in the order the design grid offers them. */
export const FIELD_KINDS: readonly FieldKind[] = ['text', 'textarea', 'integer', 'money', 'flag', 'dict', 'date', 'datetime', 'fk', 'ids'];

/** The searches a model's field may offer. */
export const SEARCH_MODES: readonly SearchMode[] = ['like', 'equal', 'in', 'range'];

/** A model's field as the design dialog edits it and `model-prototype` answers it (no id: proposed from a column). */
export interface ModelPrototype {
  id?: string | null;
  modelId: string;
  jdbcName: string;
  jdbcType: string | null;
  comment: string | null;
  commentEn: string | null;
  propertyType: string | null;
  propertyEntity: string | null;
  propertyName: string;
  isList: number;
  isForm: number;
  isRow: number;
  componentType: string | null;
  dictCode: string | null;
  isRequired: number;
  isQuery: number;
  queryType: string | null;
}

export const DEVELOP_MSG = {
  cannotConnect: t('无法连接数据源：{reason}', 'Cannot connect to the data source: {reason}'),
  connected: t('连接成功', 'Connected'),
  datasourceInUse: t('数据源“{name}”正被数据模型或租户使用，不能删除', 'The data source “{name}” is used by a data model or a tenant and cannot be removed'),
  testNeedsUrl: t('请输入连接地址', 'Please enter the URL'),
  datasourceMissing: t('数据源不存在', 'The data source does not exist'),
  modelMissing: t('数据模型不存在', 'The data model does not exist'),
  modelInUse: t('数据模型“{name}”正被代码生成使用，不能删除', 'The data model “{name}” is used by a code setting and cannot be removed'),
  tableMissing: t('数据源中没有表“{name}”', 'The data source has no table “{name}”'),
  badIdentifier: t('{label}只能包含字母、数字和下划线，并以字母开头', '{label} may hold only letters, digits and underscores, starting with a letter'),
  badCode: t('{label}只能包含字母和数字，并以小写字母开头', '{label} may hold only letters and digits, starting with a lower-case letter'),
  prototypesEmpty: t('请至少提交一个字段', 'Please send at least one field'),
  prototypesOneModel: t('字段必须属于同一个数据模型', 'The fields must belong to one data model'),
  duplicateColumn: t('列“{name}”重复', 'The column “{name}” is listed twice'),
  duplicateProperty: t('属性名“{name}”重复', 'The property “{name}” is listed twice'),
  badKind: t('字段“{name}”的类型“{kind}”无法识别', 'The field “{name}” has an unknown kind “{kind}”'),
  badSearch: t('字段“{name}”的查询方式“{search}”无法识别', 'The field “{name}” has an unknown search “{search}”'),
  dictNeeded: t('字典字段“{name}”需要字典编号', 'The dictionary field “{name}” needs a dictionary code'),
  codeMissing: t('代码生成设置不存在', 'The code setting does not exist'),
  badSystem: t('system 只能是 all、domain、api 或 web', 'system must be all, domain, api or web'),
  badTemplate: t('暂只支持单表模板（crud）', 'Only the single-table template (crud) is supported'),
  badPk: t('主键必须是 id', 'The primary key must be id'),
  noFields: t('数据模型“{name}”还没有字段，请先进行模型设计', 'The data model “{name}” has no fields yet: design it first'),
  entityTaken: t('实体“{name}”已存在，请修改模型编号', 'An entity “{name}” already exists: change the model code'),
  tableTaken: t('表“{name}”已被实体“{entity}”使用', 'The table “{name}” is used by the entity “{entity}”'),
  pathTaken: t('接口路径“{name}”已被使用', 'The API path “{name}” is already used'),
  badPath: t('{label}应以 / 开头，由字母、数字、- 和 _ 组成', '{label} must start with / and hold letters, digits, - and _'),
  badPackage: t('{label}只能包含小写字母、数字和 -，并以字母开头', '{label} may hold only lower-case letters, digits and -, starting with a letter'),
} as const;

/** Why a connection failed, in both languages (the driver's own words for anything else). */
export const CONNECT_REASON = {
  refused: t('连接被拒绝（{address}）', 'connection refused ({address})'),
  unknownHost: t('找不到主机 {host}', 'unknown host {host}'),
  timeout: t('连接超时', 'the connection timed out'),
  credentials: t('用户名或密码错误', 'wrong user name or password'),
  noDatabase: t('数据库不存在', 'the database does not exist'),
  noFile: t('数据库文件不存在或无法打开', 'the database file does not exist or cannot be opened'),
  notDatabase: t('该文件不是数据库', 'the file is not a database'),
  unsupported: t('不支持的数据库类型，可用 PostgreSQL、MySQL/MariaDB 或 SQLite', 'unsupported database: use PostgreSQL, MySQL/MariaDB or SQLite'),
  badUrl: t('连接地址无法识别', 'the URL cannot be read'),
} as const;

/** Driver classes BladeX stores, offered by the data source form; the URL alone also tells the driver. */
export const DRIVER_CLASSES = ['org.postgresql.Driver', 'com.mysql.cj.jdbc.Driver', 'org.mariadb.jdbc.Driver', 'org.sqlite.JDBC'] as const;
