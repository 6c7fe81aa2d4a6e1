import { Button, Card, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchMyRoles } from '../../api/shell';
import { useSessionStore } from '../../stores/session-store';
import { dashboardCalls, useDashboardQuery } from './dashboard-calls';
import type { DashboardAccess } from './dashboard-access';
import { partOfDay } from './figures';

/** The shortcut buttons: each needs its button code and its page's menu. */
const SHORTCUTS = [
  { key: 'examineRegist', code: 'registinfo_examine', menu: 'registinfo', filters: { tab: 'pending' } },
  { key: 'addActivity', code: 'activity_add', menu: 'activity', filters: {} },
  { key: 'addDonation', code: 'donation_add', menu: 'donation', filters: {} },
  { key: 'sendSms', code: 'smspush_add', menu: 'smspush', filters: {} },
] as const;

/** Row 1: 上午好/下午好/晚上好 with the user's name, role, today and the school, and the shortcuts. */
export function Greeting({ access, extra }: { access: DashboardAccess; extra: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const school = useDashboardQuery(['school'], dashboardCalls.school, true);
  const name = user?.realName || user?.nickName || user?.account || '';
  // The token names the roles by their alias (`administrator`); Chinese shows the names the school gave them.
  const roles = useDashboardQuery(['my-roles'], fetchMyRoles, !!user && i18n.language !== 'en');
  const held = String(user?.roleId ?? '').split(',');
  const roleNames = (roles.data ?? []).filter((r) => held.includes(String(r.id))).map((r) => r.roleName);
  const roleText = i18n.language === 'en' || roles.isError || (roles.isSuccess && roleNames.length === 0) ? user?.roleName : roleNames.join('、');
  const today = dayjs().locale(i18n.language === 'en' ? 'en' : 'zh-cn').format(i18n.language === 'en' ? 'dddd, D MMMM YYYY' : 'YYYY年M月D日 dddd');
  const shortcuts = SHORTCUTS.map((s) => ({ ...s, to: access.button(s.code) ? access.link(s.menu, s.filters) : null })).filter((s) => s.to);
  return (
    <Card size="small" className="dashboard-greeting" data-testid="dashboard-greeting" extra={extra}
      title={<Typography.Title level={4} style={{ margin: 0 }}>{t(`home.${partOfDay(new Date().getHours())}`)}<span data-user-data>{name}</span></Typography.Title>}>
      <Space wrap split="·" style={{ marginBottom: shortcuts.length ? 12 : 0 }}>
        <span data-user-data data-testid="greeting-role">{roleText}</span>
        <span>{today}</span>
        {school.data?.schoolName && <span data-user-data>{school.data.schoolName}</span>}
      </Space>
      {shortcuts.length > 0 && (
        <div>
          <Space wrap>
            {shortcuts.map((s) => <Button key={s.key} onClick={() => void navigate(s.to as string)}>{t(`home.shortcuts.${s.key}`)}</Button>)}
          </Space>
        </div>
      )}
    </Card>
  );
}
