import { ENGAGEMENT_WEIGHT_MAX, type EngagementMode } from '@alumni/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, InputNumber, Modal, Skeleton, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../api/http';
import { DASHBOARD_KEY } from './dashboard-calls';

interface WeightRow { key: string; mode: EngagementMode; label: string; rule: string; weight: number; defaultWeight: number }

/** The tenant's weight of each counted fact; saving queues the recomputation of every alumnus (decision 316). */
export function EngagementWeightsDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Record<string, number>>();
  const [saving, setSaving] = useState(false);
  const { data } = useQuery({
    queryKey: ['engagement-weights', i18n.language],
    queryFn: () => getData<WeightRow[]>('/blade-engagement/engagement/weights'),
  });

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const answer = await postData<{ jobId: string; message: string }>('/blade-engagement/engagement/weights', values);
      void message.success(answer.message);
      await client.invalidateQueries({ queryKey: ['engagement-weights'] });
      await client.invalidateQueries({ queryKey: [DASHBOARD_KEY, 'engagement'] });
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={t('engagement.weightsTitle')} width={760} onCancel={onClose} onOk={() => void save()} okText={t('engagement.saveWeights')}
      confirmLoading={saving} destroyOnHidden maskClosable={false}>
      {!data ? <Skeleton active /> : (
        <Form form={form} component={false} initialValues={Object.fromEntries(data.map((w) => [w.key, w.weight]))}>
          <Table<WeightRow> size="small" rowKey="key" pagination={false} dataSource={data} columns={[
            { title: t('engagement.fact'), dataIndex: 'label', width: 150 },
            { title: t('engagement.rule'), dataIndex: 'rule' },
            {
              title: t('engagement.weight'), dataIndex: 'weight', width: 150,
              render: (_: number, w: WeightRow) => (
                <Form.Item name={w.key} noStyle rules={[{ required: true, type: 'integer', min: 0, max: ENGAGEMENT_WEIGHT_MAX }]}>
                  <InputNumber min={0} max={ENGAGEMENT_WEIGHT_MAX} precision={0} placeholder={t('engagement.defaultWeight', { weight: w.defaultWeight })}
                    aria-label={w.label} />
                </Form.Item>
              ),
            },
          ]} />
        </Form>
      )}
    </Modal>
  );
}
