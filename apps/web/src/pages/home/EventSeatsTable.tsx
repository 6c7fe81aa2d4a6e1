import { actApplistEntity, activityEntity } from '@alumni/domain';
import { Progress, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toQueryParams } from '../../entity/search-params';
import type { DashboardAccess } from './dashboard-access';
import type { EventSeats } from './dashboard-calls';
import { PHASE_COLOUR } from './UpcomingActivities';
import { useDictLabels } from './use-dict-labels';

/**
 * 活动报名与签到: per upcoming or recently ended activity with sign-up, the seats taken of the capacity
 * (a bar), the waitlist and the check-in rate of the confirmed applications. A title leads to the
 * activity's applications when the user holds that page.
 */
export function EventSeatsTable({ rows, access }: { rows: readonly EventSeats[]; access: DashboardAccess }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const phase = useDictLabels(activityEntity.fields.phase);
  return (
    <Table<EventSeats>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={[...rows]}
      onRow={(row) => ({ 'data-testid': `event-seats-${row.id}` } as React.HTMLAttributes<HTMLElement>)}
      columns={[
        {
          key: 'title',
          title: t('home.events.activity'),
          render: (_, row) => {
            const to = access.link('actapplist', toQueryParams(actApplistEntity, { activityId: row.id }));
            return (
              <div className="dashboard-activity">
                <Typography.Link disabled={!to} onClick={to ? () => void navigate(to) : undefined} data-user-data ellipsis>{row.title}</Typography.Link>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {row.startTime.slice(0, 16)}
                  <Tag color={PHASE_COLOUR[row.phase] ?? 'default'} style={{ marginLeft: 8 }}>{phase(row.phase)}</Tag>
                </Typography.Text>
              </div>
            );
          },
        },
        {
          key: 'seats',
          title: t('home.events.seats'),
          width: '32%',
          render: (_, row) => (
            <Progress
              size="small"
              data-testid="event-seats-bar"
              aria-label={`${t('home.events.seats')} ${String(row.title ?? '')}`}
              percent={row.capacity > 0 ? Math.min(100, Math.round((row.seatsTaken / row.capacity) * 100)) : 0}
              status={row.capacity > 0 && row.seatsTaken >= row.capacity ? 'exception' : 'normal'}
              format={() => (row.capacity > 0 ? t('home.events.seatsOf', { taken: row.seatsTaken, capacity: row.capacity }) : t('home.events.unlimited', { taken: row.seatsTaken }))}
            />
          ),
        },
        { key: 'waitlist', title: t('home.events.waitlist'), width: 64, align: 'right', render: (_, row) => row.waitlisted },
        {
          key: 'checkIn',
          title: t('home.events.checkIn'),
          width: 120,
          align: 'right',
          render: (_, row) => (row.checkInRate === null
            ? <Typography.Text type="secondary">{t('home.events.noConfirmed')}</Typography.Text>
            : t('home.events.rate', { rate: Math.round(row.checkInRate * 100), checkedIn: row.checkedIn, confirmed: row.confirmed })),
        },
      ]}
    />
  );
}
