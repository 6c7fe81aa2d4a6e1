import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Descriptions, Form, Input, InputNumber, Popconfirm, Select, Space, Tag, Typography, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FileLink } from '../../components/FileLink';
import { AttachmentUpload } from '../../entity/inputs/AttachmentUpload';
import { useDictOptions } from '../../entity/use-options';
import { toast } from '../../lib/feedback';
import { InstanceDiagram } from './InstanceDiagram';
import { HistoryTable } from './ProcessHistoryTable';
import { completeTask, fetchApprovers, fetchLeave, resubmitLeave, startLeave, type Leave } from './workflow-api';

const LEAVE_TYPE = { dict: 'leave_type', source: 'biz' as const };

/** Working days (Monday to Friday) from the first to the last day of a period, both included. */
export function workingDays(from: Dayjs, to: Dayjs): number {
  let days = 0;
  for (let d = from.startOf('day'); !d.isAfter(to, 'day'); d = d.add(1, 'day')) if (d.day() !== 0 && d.day() !== 6) days += 1;
  return days;
}

interface LeaveForm {
  leaveType: string;
  period: [Dayjs, Dayjs];
  days: number;
  reason: string;
  taskUser: string;
  attachments?: string[];
}

/** At most this many attachments to a leave (DOMAIN 10.2). */
const MAX_ATTACHMENTS = 3;

/** The leave's own values as the server takes them (the approver aside). */
const leaveValues = (v: LeaveForm) => ({
  leaveType: v.leaveType, days: v.days, reason: v.reason.trim(), attachments: v.attachments ?? [],
  startTime: v.period[0].format('YYYY-MM-DD HH:mm:ss'), endTime: v.period[1].format('YYYY-MM-DD HH:mm:ss'),
});

/** Days follow the period as it is picked: the working days between the two dates. */
const followPeriod = (form: FormInstance<LeaveForm>) => (changed: Partial<LeaveForm>) => {
  const period = changed.period;
  if (period?.[0] && period[1]) form.setFieldValue('days', Math.max(0.5, workingDays(period[0], period[1])));
};

/** The leave's fields, on the application and when the applicant changes it after a rejection. */
function LeaveFields() {
  const { t, i18n } = useTranslation();
  const types = useDictOptions(LEAVE_TYPE, i18n.language);
  return (
    <>
      <Form.Item name="leaveType" label={t('workflow.leave.leaveType')} rules={[{ required: true, message: t('workflow.leave.leaveTypeRequired') }]}>
        <Select options={(types.data ?? []).map((o) => ({ label: o.title, value: o.value }))} loading={types.isLoading} />
      </Form.Item>
      <Form.Item name="period" label={t('workflow.leave.time')} rules={[{ required: true, message: t('workflow.leave.timeRequired') }]}>
        <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }}
          disabledDate={(d) => d.isBefore(dayjs().startOf('day'))} />
      </Form.Item>
      <Form.Item name="days" label={t('workflow.leave.days')} rules={[
        { required: true, message: t('workflow.leave.daysRequired') },
        { validator: (_, v: number | null) => (v === null || v === undefined || (v >= 0.5 && v <= 365 && Number.isInteger(v * 2)) ? Promise.resolve() : Promise.reject(new Error(t('workflow.leave.daysRule')))) },
      ]}>
        <InputNumber min={0.5} max={365} step={0.5} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="reason" label={t('workflow.leave.reason')} rules={[
        { required: true, whitespace: true, message: t('workflow.leave.reasonRequired') }, { max: 500, message: t('workflow.leave.reasonMax') },
      ]}>
        <Input.TextArea rows={4} maxLength={500} showCount />
      </Form.Item>
      <Form.Item name="attachments" label={t('workflow.leave.attachments')} extra={t('workflow.leave.attachmentsHint')}>
        <AttachmentUpload max={MAX_ATTACHMENTS} label={t('workflow.leave.upload')} />
      </Form.Item>
    </>
  );
}

/** 请假申请 `/work/process/leave/form/:processDefinitionId` (DOMAIN 10.2). */
export function LeaveFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { processDefinitionId } = useParams();
  const [form] = Form.useForm<LeaveForm>();
  const [keyword, setKeyword] = useState('');
  const approvers = useQuery({ queryKey: ['leave-approvers', keyword], queryFn: () => fetchApprovers(keyword) });
  const submit = useMutation({
    mutationFn: (v: LeaveForm) => startLeave({ processDefinitionId, taskUser: v.taskUser, ...leaveValues(v) }),
    onSuccess: () => {
      toast.success(t('workflow.leave.submitted'));
      navigate('/work/send');
    },
  });
  return (
    <Card title={t('workflow.leave.title')}>
      <Form<LeaveForm> form={form} layout="vertical" style={{ maxWidth: 640 }} onFinish={(v) => submit.mutate(v)} onValuesChange={followPeriod(form)}>
        <LeaveFields />
        <Form.Item name="taskUser" label={t('workflow.leave.taskUser')} rules={[{ required: true, message: t('workflow.leave.taskUserRequired') }]}>
          <Select showSearch filterOption={false} onSearch={setKeyword} loading={approvers.isFetching}
            options={(approvers.data ?? []).map((u) => ({ value: u.id, label: u.deptName ? `${u.realName}（${u.deptName}）` : u.realName }))} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={submit.isPending}>{t('workflow.leave.submit')}</Button>
        </Space>
      </Form>
    </Card>
  );
}

function LeaveSummary({ leave }: { leave: Leave }) {
  const { t } = useTranslation();
  const status = leave.status === 2 ? <Tag color="success">{t('workflow.leave.approved')}</Tag>
    : leave.status === 3 ? <Tag>{t('workflow.leave.withdrawn')}</Tag> : <Tag color="processing">{t('workflow.leave.inApproval')}</Tag>;
  return (
    <Descriptions bordered size="small" column={2}>
      <Descriptions.Item label={t('workflow.leave.applicant')}>{leave.createUserName}</Descriptions.Item>
      <Descriptions.Item label={t('workflow.leave.dept')}>{leave.createDeptName}</Descriptions.Item>
      <Descriptions.Item label={t('workflow.leave.leaveType')}>{leave.leaveTypeName}</Descriptions.Item>
      <Descriptions.Item label={t('workflow.leave.days')}>{leave.days}</Descriptions.Item>
      <Descriptions.Item label={t('workflow.leave.startTime')}>{leave.startTime}</Descriptions.Item>
      <Descriptions.Item label={t('workflow.leave.endTime')}>{leave.endTime}</Descriptions.Item>
      <Descriptions.Item label={t('workflow.leave.taskUser')}>{leave.taskUserName}</Descriptions.Item>
      <Descriptions.Item label={t('workflow.leave.applyTime')}>{leave.applyTime}</Descriptions.Item>
      <Descriptions.Item label={t('workflow.leave.flowStatus')}>{status}</Descriptions.Item>
      <Descriptions.Item label={t('workflow.leave.current')}>{leave.flow.currentTaskName ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('workflow.leave.reason')} span={2}>{leave.reason}</Descriptions.Item>
      <Descriptions.Item label={t('workflow.leave.attachments')} span={2}>
        {leave.attachments.length === 0 ? '—' : (
          <Space wrap>{leave.attachments.map((link) => <FileLink key={link} link={link}>{decodeURIComponent(link.split('?')[0]?.split('/').pop() ?? link)}</FileLink>)}</Space>
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** 请假审批 `/work/process/leave/handle/:taskId/:processInstanceId/:businessId`: approve or reject; the applicant resubmits or gives up. */
export function LeaveHandlePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { taskId = '', processInstanceId = '', businessId = '' } = useParams();
  const leave = useQuery({ queryKey: ['leave', businessId], queryFn: () => fetchLeave(businessId) });
  const [comment, setComment] = useState('');
  // 调整申请 (the applicant's step after a rejection) resubmits or gives up instead of approving.
  const adjusting = leave.data?.flow.currentTaskKeys.includes('adjustTask') ?? false;
  const [form] = Form.useForm<LeaveForm>();
  const finish = async (text: string) => {
    toast.success(text);
    await client.invalidateQueries({ queryKey: ['work-list'] });
    navigate('/work/todo');
  };
  const complete = useMutation({
    mutationFn: (pass: boolean) => completeTask({ taskId, processInstanceId, flag: pass ? 'ok' : 'no', comment: comment.trim(), variables: { pass } }),
    onSuccess: () => finish(t('workflow.leave.done')),
  });
  // 重新申请 sends the leave as the applicant changed it; the server records what changed.
  const resubmit = useMutation({
    mutationFn: (v: LeaveForm) => resubmitLeave({ taskId, processInstanceId, comment: comment.trim(), ...leaveValues(v) }),
    onSuccess: () => finish(t('workflow.leave.resubmitted')),
  });
  const reject = () => {
    if (!adjusting && !comment.trim()) {
      toast.warning(t('workflow.leave.commentRequired'));
      return Promise.resolve();
    }
    return complete.mutateAsync(false);
  };
  const data = leave.data;
  return (
    <Card title={t('workflow.leave.handleTitle')}>
      {data && <LeaveSummary leave={data} />}
      <HistoryTable processInstanceId={processInstanceId} />
      <InstanceDiagram processInstanceId={processInstanceId} />
      {adjusting && data && (
        <section aria-label={t('workflow.leave.adjustTitle')}>
          <Typography.Title level={5} style={{ marginTop: 24 }}>{t('workflow.leave.adjustTitle')}</Typography.Title>
          <Form<LeaveForm> form={form} layout="vertical" style={{ maxWidth: 640 }} onFinish={(v) => resubmit.mutate(v)} onValuesChange={followPeriod(form)}
            initialValues={{ leaveType: data.leaveType, days: data.days, reason: data.reason, attachments: data.attachments, period: [dayjs(data.startTime), dayjs(data.endTime)] }}>
            <LeaveFields />
          </Form>
        </section>
      )}
      <Typography.Title level={5} style={{ marginTop: 24 }}>{t('workflow.leave.comment')}</Typography.Title>
      <Input.TextArea rows={3} maxLength={500} showCount value={comment} onChange={(e) => setComment(e.target.value)}
        placeholder={t('workflow.leave.commentPlaceholder')} aria-label={t('workflow.leave.comment')} />
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" loading={complete.isPending || resubmit.isPending} onClick={() => (adjusting ? form.submit() : complete.mutate(true))}>
          {t(adjusting ? 'workflow.leave.resubmit' : 'workflow.leave.approve')}
        </Button>
        <Popconfirm title={t(adjusting ? 'workflow.leave.giveUpConfirm' : 'workflow.leave.rejectConfirm')} onConfirm={reject}>
          <Button danger loading={complete.isPending}>{t(adjusting ? 'workflow.leave.giveUp' : 'workflow.leave.reject')}</Button>
        </Popconfirm>
      </Space>
    </Card>
  );
}

/** 请假详情 `/work/process/leave/detail/:processInstanceId/:businessId`: the leave, its history and its diagram. */
export function LeaveDetailPage() {
  const { t } = useTranslation();
  const { processInstanceId = '', businessId = '' } = useParams();
  const leave = useQuery({ queryKey: ['leave', businessId], queryFn: () => fetchLeave(businessId) });
  return (
    <Card title={t('workflow.leave.detailTitle')}>
      {leave.data && <LeaveSummary leave={leave.data} />}
      <HistoryTable processInstanceId={processInstanceId} />
      <InstanceDiagram processInstanceId={processInstanceId} />
    </Card>
  );
}

export default LeaveDetailPage;
