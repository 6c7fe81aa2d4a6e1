import i18n from '../../i18n/index';

const zh = {
  tree: '行政区划',
  top: '省级区划',
  topTitle: '省级区划(全部省份)',
  childrenOf: '{{name}}({{code}})的下级区划',
  list: '下级区划',
  treeLabel: '行政区划树',
};

const en: typeof zh = {
  tree: 'Regions',
  top: 'Provinces',
  topTitle: 'Provincial-level regions',
  childrenOf: 'Regions below {{name}} ({{code}})',
  list: 'Subregions',
  treeLabel: 'Region tree',
};

// Added with the region page's chunk, so other pages (and the login page) do not carry them.
i18n.addResourceBundle('zh', 'translation', { region: zh }, true, false);
i18n.addResourceBundle('en', 'translation', { region: en }, true, false);
