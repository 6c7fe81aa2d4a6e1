import BellOutlined from '@ant-design/icons/BellOutlined';
import { Badge, Button, List, Popover, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';

/** When an entry came: a clock time today, or so many days ago. */
interface Received { daysAgo: number; time: string }

/** Demo entries only (the specification's notice popover has no call behind it). */
const DEMO: Record<'mail' | 'message' | 'notice', ({ zh: string; en: string } & Received)[]> = {
  mail: [
    { zh: '校友会年度报告已发送至您的邮箱', en: 'The association\'s annual report was mailed to you', daysAgo: 0, time: '09:12' },
    { zh: '2024 届毕业生信息核对提醒', en: 'Reminder: check the 2024 graduates\' records', daysAgo: 1, time: '16:40' },
  ],
  message: [
    { zh: '王晓梅: 返校日活动报名已开放', en: 'Wang Xiaomei: homecoming sign-up is open', daysAgo: 0, time: '10:30' },
  ],
  notice: [
    { zh: '系统将于周六 22:00 维护', en: 'Maintenance on Saturday at 22:00', daysAgo: 3, time: '08:00' },
    { zh: '捐赠统计已更新', en: 'Donation figures were updated', daysAgo: 2, time: '14:05' },
  ],
};

/** "09:12" today, "yesterday"/"昨天", else the weekday, in the interface's language. */
export function receivedLabel({ daysAgo, time }: Received, locale: string, today = new Date()): string {
  if (daysAgo === 0) return time;
  if (daysAgo === 1) return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-1, 'day');
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() - daysAgo);
  return new Intl.DateTimeFormat(locale, { weekday: 'short' }).format(day);
}

export function NoticePopover() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const locale = lang === 'en' ? 'en' : 'zh-CN';
  const tab = (key: keyof typeof DEMO) => ({
    key,
    label: t(`shell.notice.${key}`),
    children: (
      <List
        size="small"
        dataSource={DEMO[key]}
        renderItem={(item) => <List.Item extra={<small>{receivedLabel(item, locale)}</small>}>{item[lang]}</List.Item>}
      />
    ),
  });
  const count = DEMO.mail.length + DEMO.message.length + DEMO.notice.length;
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      content={<div className="notice-popover"><Tabs size="small" items={[tab('mail'), tab('message'), tab('notice')]} /></div>}
    >
      <Badge count={count} size="small">
        <Button type="text" className="top-icon" data-testid="notice-button" aria-label={t('shell.top.notice')} icon={<BellOutlined />} />
      </Badge>
    </Popover>
  );
}
