import { activityEntity } from '@alumni/domain';
import { List, Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toQueryParams } from '../../entity/search-params';
import type { DashboardAccess } from './dashboard-access';
import type { ListRow } from './dashboard-calls';
import { useDictLabels } from './use-dict-labels';

/** Colours of the activity phases (activity_phase): 报名中 green, 进行中 blue, the rest plain. */
export const PHASE_COLOUR: Record<string, string> = { '1': 'default', '2': 'green', '3': 'orange', '4': 'blue', '5': 'default' };

/** Row 6: the next five activities with a date badge, phase, venue and the seats confirmed of the capacity. */
export function UpcomingActivities({ rows, access }: { rows: readonly ListRow[]; access: DashboardAccess }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const phase = useDictLabels(activityEntity.fields.phase);
  return (
    <List
      size="small"
      dataSource={[...rows]}
      renderItem={(row) => {
        const start = String(row.startTime ?? '');
        const confirmed = Number(row.confirmedCount ?? 0);
        const capacity = Number(row.capacity ?? 0);
        const to = access.link('activity', toQueryParams(activityEntity, { title: row.title }));
        return (
          <List.Item className={to ? 'dashboard-link' : undefined} onClick={to ? () => void navigate(to) : undefined}>
            <div className="dashboard-date-badge" aria-hidden>
              <span>{start.slice(5, 7)}/{start.slice(8, 10)}</span>
              <small>{start.slice(11, 16)}</small>
            </div>
            <div className="dashboard-activity">
              <div>
                <Typography.Text strong data-user-data>{String(row.title ?? '')}</Typography.Text>
                <Tag color={PHASE_COLOUR[String(row.phase)] ?? 'default'} style={{ marginLeft: 8 }}>{phase(row.phase)}</Tag>
              </div>
              <Typography.Text type="secondary" data-user-data>{start.slice(0, 16)} {String(row.location ?? '')}</Typography.Text>
              <Progress
                size="small"
                aria-label={capacity > 0 ? t('home.upcoming.seats', { confirmed, capacity }) : t('home.upcoming.unlimited', { confirmed })}
                percent={capacity > 0 ? Math.min(100, Math.round((confirmed / capacity) * 100)) : 0}
                format={() => (capacity > 0 ? t('home.upcoming.seats', { confirmed, capacity }) : t('home.upcoming.unlimited', { confirmed }))}
              />
            </div>
          </List.Item>
        );
      }}
    />
  );
}
