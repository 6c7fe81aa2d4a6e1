import type { developZh } from './develop-zh';

/** English texts of the developer tools (data sources, data models, code generation). */
export const developEn: typeof developZh = {
  testConnection: 'Test connection',
  connected: 'Connected: {{count}} tables',
  pickTable: 'Choose a table',
  design: 'Design',
  designTitle: 'Model design: {{name}}',
  designSaved: 'The model design is saved',
  datasource: 'Data source',
  table: 'Table',
  loadFromTable: 'Load from the table',
  fields: 'Model fields',
  pickModel: 'Choose a data model',
  generate: 'Generate',
  copy: 'Copy',
  copied: 'Copied',
  previewTitle: 'Generated code',
  download: 'Download',
  notes: 'Notes',
  addition: 'Addition',
  newFile: 'New file',
  whereBefore: 'Add before the first line starting with “{{anchor}}”',
  whereAfter: 'Add after the last line starting with “{{anchor}}”',
  whereEnd: 'Add at the end of the file',
  whereMenu: 'Add to the children of the menu {{menu}} in the menu tree',
  whereMenuTop: 'Add to the top level of the menu tree',
  nothingGenerated: 'No code was generated',
  dropField: 'Remove',
  col: {
    jdbcName: 'Column', jdbcType: 'Column type', propertyName: 'Property', comment: 'Chinese label', commentEn: 'English label', propertyType: 'Field kind',
    dictCode: 'Dictionary', isList: 'List', isQuery: 'Search', queryType: 'Search by', isForm: 'Form', isRow: 'Full row', isRequired: 'Required',
  },
  kind: {
    text: 'Text', textarea: 'Long text', integer: 'Whole number', money: 'Amount', flag: 'Yes/no', dict: 'Dictionary', date: 'Date', datetime: 'Date and time', fk: 'Reference', ids: 'References',
  },
  search: { like: 'Contains', equal: 'Equals', in: 'Any of', range: 'Range' },
};
