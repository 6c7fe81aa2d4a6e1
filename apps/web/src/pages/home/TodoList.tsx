import { Badge, Button, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../stores/menu-store';
import { leaveRoutes } from '../workflow/workflow-api';
import type { ListRow } from './dashboard-calls';
import type { TodoLine } from './use-dashboard-data';

/** Row 6: one line per kind of pending work with its count and link, then the first five workflow tasks. */
export function TodoList({ lines, tasks }: { lines: readonly TodoLine[]; tasks: readonly ListRow[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canHandle = useCan('work_todo_handle');
  return (
    <>
      {lines.length === 0 && <Typography.Text type="secondary">{t('home.todo.nothing')}</Typography.Text>}
      <List
        size="small"
        dataSource={[...lines]}
        renderItem={(line) => (
          <List.Item className={line.to ? 'dashboard-link' : undefined} onClick={line.to ? () => void navigate(line.to as string) : undefined} data-testid={`todo-${line.key}`} style={{ justifyContent: 'space-between' }}>
            <span>{t(`home.todo.${line.key}`)}</span>
            <Badge count={line.count} overflowCount={9999} showZero={false} />
          </List.Item>
        )}
      />
      {tasks.length > 0 && (
        <List
          size="small"
          style={{ marginTop: 8 }}
          dataSource={[...tasks]}
          renderItem={(task) => (
            <List.Item actions={canHandle && task.taskId ? [
              <Button key="handle" type="link" size="small" onClick={() => void navigate(leaveRoutes.handle({
                taskId: String(task.taskId), processInstanceId: String(task.processInstanceId), businessId: String(task.businessId ?? ''),
              }))}>{t('home.todo.handle')}</Button>,
            ] : []}>
              <List.Item.Meta
                title={<span data-user-data>{String(task.taskName ?? '')}</span>}
                description={<span data-user-data>{String(task.processDefinitionName ?? '')} · {String(task.createTime ?? '').slice(0, 16)}</span>}
              />
            </List.Item>
          )}
        />
      )}
    </>
  );
}
