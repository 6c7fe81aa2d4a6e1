import { t, type Lang, type Text } from '@alumni/domain';

/** What a call does, by the last segment of its path. */
const ACTIONS: Readonly<Record<string, Text>> = {
  list: t('列表', 'list'), page: t('分页', 'page'), detail: t('详情', 'details'), info: t('信息', 'information'),
  submit: t('保存', 'save'), save: t('新增', 'add'), update: t('修改', 'edit'), remove: t('删除', 'delete'),
  examine: t('审核', 'examination'), export: t('导出', 'export'), import: t('导入', 'import'), template: t('导入模板', 'import template'),
  tree: t('树', 'tree'), 'lazy-tree': t('树', 'tree'), 'lazy-list': t('列表', 'list'), select: t('选项', 'options'),
  special: t('选项', 'options'), grant: t('授权', 'grant'), 'reset-password': t('重置密码', 'password reset'),
  unlock: t('解锁', 'unlock'), token: t('登录', 'sign-in'), logout: t('退出登录', 'sign-out'), captcha: t('验证码', 'captcha'),
  'update-info': t('修改资料', 'profile change'), 'update-password': t('修改密码', 'password change'),
  'update-platform': t('修改平台信息', 'platform change'), 'put-file': t('上传文件', 'file upload'),
  'remove-file': t('删除文件', 'file removal'), enable: t('启用', 'enable'), send: t('发送', 'send'), 'send-test': t('测试发送', 'test send'),
  client: t('上传', 'upload'), 'clear-cache': t('清除缓存', 'cache clearing'), register: t('注册', 'registration'),
  setting: t('设置', 'settings'), 'package-setting': t('设置产品包', 'package setting'), datasource: t('设置数据源', 'data source setting'),
  test: t('测试连接', 'connection test'), 'table-list': t('表列表', 'tables'), 'table-info': t('表结构', 'table structure'),
  'model-prototype': t('模型字段', 'model fields'), 'submit-list': t('批量保存', 'save all'), 'gen-code': t('代码生成', 'code generation'),
  'gen-code-zip': t('代码下载', 'code download'), copy: t('复制', 'copy'),
  'dry-run': t('试运行', 'dry run'), run: t('开始', 'start'), last: t('最近一次', 'last run'),
};

/** A route group's name from its OpenAPI tag, written `English (中文)`. */
function groupOf(tag: string | undefined): Text | null {
  const match = tag ? /^(.*) \((.*)\)$/.exec(tag) : null;
  return match?.[1] && match[2] ? t(match[2], match[1]) : null;
}

/**
 * The names a user reads for each route, in both languages ("参数 · 保存" / "Parameter · save"),
 * from its group and the last segment of its path. A route of no known action is named by its group.
 */
export class RouteTitles {
  private readonly titles = new Map<string, Text>();

  add(method: string | string[], url: string, tags: readonly string[] | undefined): void {
    const group = groupOf(tags?.[0]);
    if (!group) return;
    const action = ACTIONS[url.split('/').filter((s) => s && !s.startsWith(':')).pop() ?? ''];
    const title = action ? t(`${group.zh} · ${action.zh}`, `${group.en} · ${action.en}`) : group;
    for (const m of [method].flat()) this.titles.set(`${m} ${url}`, title);
  }

  /** The title of a call by its method and path (query left off), in one language. */
  of(method: string, path: string, lang: Lang): string | undefined {
    return this.titles.get(`${method} ${path}`)?.[lang];
  }
}
