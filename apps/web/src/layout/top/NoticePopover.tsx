import BellOutlined from '@ant-design/icons/BellOutlined';
import { Badge, Button, List, Popover, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';

/** Demo entries only (the specification's notice popover has no call behind it). */
const DEMO: Record<'mail' | 'message' | 'notice', { zh: string; en: string; time: string }[]> = {
  mail: [
    { zh: '校友会年度报告已发送至您的邮箱', en: 'The association\'s annual report was mailed to you', time: '09:12' },
    { zh: '2024 届毕业生信息核对提醒', en: 'Reminder: check the 2024 graduates\' records', time: '昨天' },
  ],
  message: [
    { zh: '王晓梅: 返校日活动报名已开放', en: 'Wang Xiaomei: homecoming sign-up is open', time: '10:30' },
  ],
  notice: [
    { zh: '系统将于周六 22:00 维护', en: 'Maintenance on Saturday at 22:00', time: '周一' },
    { zh: '捐赠统计已更新', en: 'Donation figures were updated', time: '周二' },
  ],
};

export function NoticePopover() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const tab = (key: keyof typeof DEMO) => ({
    key,
    label: t(`shell.notice.${key}`),
    children: (
      <List
        size="small"
        dataSource={DEMO[key]}
        renderItem={(item) => <List.Item extra={<small>{item.time}</small>}>{item[lang]}</List.Item>}
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
        <Button type="text" className="top-icon" aria-label={t('shell.top.notice')} icon={<BellOutlined />} />
      </Badge>
    </Popover>
  );
}
