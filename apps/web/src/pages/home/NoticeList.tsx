import { noticeEntity } from '@alumni/domain';
import { List, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { toQueryParams } from '../../entity/search-params';
import type { DashboardAccess } from './dashboard-access';
import type { ListRow } from './dashboard-calls';
import { useDictLabels } from './use-dict-labels';

/** Row 7: the five latest staff notices, title, category and date, each leading to the notice. */
export function NoticeList({ rows, access }: { rows: readonly ListRow[]; access: DashboardAccess }) {
  const navigate = useNavigate();
  const category = useDictLabels(noticeEntity.fields.category);
  return (
    <List
      size="small"
      dataSource={[...rows]}
      renderItem={(row) => {
        const to = access.link('notice', toQueryParams(noticeEntity, { title: row.title }));
        return (
          <List.Item className={to ? 'dashboard-link' : undefined} onClick={to ? () => void navigate(to) : undefined}
            extra={<Typography.Text type="secondary">{String(row.releaseTime ?? '').slice(0, 10)}</Typography.Text>}>
            <Tag>{category(row.category)}</Tag>
            <Typography.Text ellipsis data-user-data style={{ maxWidth: '70%' }}>{String(row.title ?? '')}</Typography.Text>
          </List.Item>
        );
      }}
    />
  );
}
