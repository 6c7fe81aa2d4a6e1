import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toast } from '../../lib/feedback';
import { InstanceDiagram } from './InstanceDiagram';
import { HistoryTable } from './ProcessHistoryTable';
import { completeTask } from './workflow-api';

/**
 * 办理 of a task of a process without a form of its own (`/work/process/task/handle/:taskId/:processInstanceId`):
 * its history and diagram, a comment, 同意 or 驳回 (asked first, a comment required).
 */
export function ProcessHandlePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { taskId = '', processInstanceId = '' } = useParams();
  const [comment, setComment] = useState('');
  const complete = useMutation({
    mutationFn: (pass: boolean) => completeTask({ taskId, processInstanceId, flag: pass ? 'ok' : 'no', comment: comment.trim(), variables: { pass } }),
    onSuccess: async () => {
      toast.success(t('workflow.leave.done'));
      await client.invalidateQueries({ queryKey: ['work-list'] });
      navigate('/work/todo');
    },
  });
  const reject = () => {
    if (!comment.trim()) {
      toast.warning(t('workflow.leave.commentRequired'));
      return Promise.resolve();
    }
    return complete.mutateAsync(false);
  };
  return (
    <Card title={t('workflow.task.handleTitle')}>
      <HistoryTable processInstanceId={processInstanceId} />
      <InstanceDiagram processInstanceId={processInstanceId} />
      <Typography.Title level={5} style={{ marginTop: 24 }}>{t('workflow.leave.comment')}</Typography.Title>
      <Input.TextArea rows={3} maxLength={500} showCount value={comment} onChange={(e) => setComment(e.target.value)}
        placeholder={t('workflow.leave.commentPlaceholder')} aria-label={t('workflow.leave.comment')} />
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" loading={complete.isPending} onClick={() => complete.mutate(true)}>{t('workflow.leave.approve')}</Button>
        <Popconfirm title={t('workflow.task.rejectConfirm')} onConfirm={reject}>
          <Button danger loading={complete.isPending}>{t('workflow.leave.reject')}</Button>
        </Popconfirm>
      </Space>
    </Card>
  );
}

/** 详情 of an instance of a process without a form (`/work/process/task/detail/:processInstanceId`): history and diagram. */
export function ProcessDetailPage() {
  const { t } = useTranslation();
  const { processInstanceId = '' } = useParams();
  return (
    <Card title={t('workflow.task.detailTitle')}>
      <HistoryTable processInstanceId={processInstanceId} />
      <InstanceDiagram processInstanceId={processInstanceId} />
    </Card>
  );
}
