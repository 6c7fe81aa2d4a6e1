import BellOutlined from '@ant-design/icons/BellOutlined';
import { noticeEntity } from '@alumni/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, List, Popover, Tabs, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getData } from '../../api/http';
import { entityKey } from '../../entity/use-entity-list';
import { VIEW_PARAM } from '../../entity/search-params';
import { useDashboardAccess } from '../../pages/home/dashboard-access';
import { taskHandleRoute } from '../../pages/workflow/workflow-api';
import './bell-texts';
import { receivedLabel } from './received-label';
import './notice-popover.css';

interface Part<T> { total: number; records: T[] }

/** What `GET /blade-desk/notice/bell` answers: the parts of the menus the user holds, null otherwise. */
export interface Bell {
  total: number;
  notices: Part<{ id: string; title: string; category: string; releaseTime: string }> | null;
  messages: Part<{ id: string; title: string; name: string; createTime: string }> | null;
  todos: Part<{
    taskId: string; taskName: string | null; processInstanceId: string; processDefinitionKey: string | null;
    processDefinitionName: string | null; businessId: string | null; createTime: string | null;
  }> | null;
}

/** How often the bell asks again while the shell is open (it also asks whenever it is opened). */
const BELL_REFRESH_MS = 60_000;

interface Entry { key: string; title: ReactNode; time: string | null; to: string | null }

/**
 * The top bar's bell: the signed-in user's unread notices, messages waiting for an answer and
 * to-dos, with their count; each entry opens its page. A kind the user holds no menu for is left out.
 */
export function NoticePopover() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const access = useDashboardAccess();
  const locale = i18n.language === 'en' ? 'en' : 'zh-CN';
  const [open, setOpen] = useState(false);
  const bell = useQuery({
    queryKey: ['bell'],
    queryFn: () => getData<Bell>('/blade-desk/notice/bell'),
    refetchInterval: BELL_REFRESH_MS,
  });
  const { refetch } = bell;
  useEffect(() => {
    if (open) void refetch();
  }, [open, refetch]);
  // Opening a notice reads it, and a write (a message answered, a task completed) may settle an
  // entry: the bell asks again at once rather than at its next round.
  const client = useQueryClient();
  useEffect(() => {
    const [scope, name] = entityKey(noticeEntity);
    const again = () => void client.invalidateQueries({ queryKey: ['bell'] });
    const offQueries = client.getQueryCache().subscribe((event) => {
      const key = event.query.queryKey;
      if (event.type === 'updated' && event.action.type === 'success' && key[0] === scope && key[1] === name && key[2] === 'detail') again();
    });
    const offMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') again();
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [client]);

  const go = (to: string | null) => {
    if (!to) return;
    setOpen(false);
    void navigate(to);
  };

  const tab = (key: string, label: string, total: number, entries: Entry[], empty: string, all: string | null) => ({
    key,
    label: <Badge count={total} size="small" offset={[8, -2]} overflowCount={99}>{label}</Badge>,
    children: (
      <List
        size="small"
        locale={{ emptyText: empty }}
        dataSource={entries}
        footer={all && total > entries.length ? <Button type="link" size="small" onClick={() => go(all)}>{t('shell.bell.all')}</Button> : undefined}
        renderItem={(entry) => (
          <List.Item
            key={entry.key}
            className={entry.to ? 'notice-popover-entry' : undefined}
            role={entry.to ? 'link' : undefined}
            tabIndex={entry.to ? 0 : undefined}
            onClick={() => go(entry.to)}
            onKeyDown={(event) => { if (event.key === 'Enter') go(entry.to); }}
            extra={<small>{receivedLabel(entry.time, locale)}</small>}
          >
            {entry.title}
          </List.Item>
        )}
      />
    ),
  });

  const data = bell.data;
  const tabs = [];
  if (data?.notices) {
    tabs.push(tab('notices', t('shell.bell.notices'), data.notices.total, data.notices.records.map((r) => ({
      key: r.id,
      title: <Typography.Text ellipsis data-user-data>{r.title}</Typography.Text>,
      time: r.releaseTime,
      to: access.link('notice', { [VIEW_PARAM]: r.id }),
    })), t('shell.bell.emptyNotices'), access.link('notice')));
  }
  if (data?.messages) {
    tabs.push(tab('messages', t('shell.bell.messages'), data.messages.total, data.messages.records.map((r) => ({
      key: r.id,
      title: (
        <div className="notice-popover-text">
          <Typography.Text ellipsis data-user-data>{r.title}</Typography.Text>
          <Typography.Text type="secondary" ellipsis data-user-data>{t('shell.bell.from', { name: r.name })}</Typography.Text>
        </div>
      ),
      time: r.createTime,
      to: access.link('message', { [VIEW_PARAM]: r.id }),
    })), t('shell.bell.emptyMessages'), access.link('message', { replyStatus: '0' })));
  }
  if (data?.todos) {
    tabs.push(tab('todos', t('shell.bell.todos'), data.todos.total, data.todos.records.map((r) => ({
      key: r.taskId,
      title: (
        <div className="notice-popover-text">
          <Typography.Text ellipsis data-user-data>{r.taskName ?? ''}</Typography.Text>
          <Typography.Text type="secondary" ellipsis data-user-data>{r.processDefinitionName ?? ''}</Typography.Text>
        </div>
      ),
      time: r.createTime,
      to: taskHandleRoute(r),
    })), t('shell.bell.emptyTodos'), access.link('work_todo')));
  }

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      content={(
        <div className="notice-popover" data-testid="notice-popover">
          {tabs.length > 0
            ? <Tabs size="small" items={tabs} />
            : <Typography.Text type="secondary">{t('shell.bell.nothing')}</Typography.Text>}
        </div>
      )}
    >
      <Badge count={data?.total ?? 0} size="small" overflowCount={99}>
        <Button type="text" className="top-icon" data-testid="notice-button" aria-label={t('shell.top.notice')} icon={<BellOutlined />} />
      </Badge>
    </Popover>
  );
}
