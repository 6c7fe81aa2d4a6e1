import Modeler from 'bpmn-js/lib/Modeler';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn.css';
import './bpmn-diagram.css';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, Modal, Popconfirm, Row, Select, Space, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData } from '../../../api/http';
import { toast } from '../../../lib/feedback';
import { useCan } from '../../../stores/menu-store';
import { deployXml, fetchDefinitionXml, type DefinitionRecord, type Page } from '../workflow-api';
import { blankDiagram } from './blank-diagram';
import { ElementProperties, type DiagramElement, type ModelerParts } from './ElementProperties';
import { flowableModdle } from './flowable-moddle';

interface Canvas { getRootElement(): DiagramElement; zoom(level: 'fit-viewport', center?: 'auto'): void }
interface EventBus { on(event: string, callback: (e: { newSelection?: DiagramElement[]; element?: DiagramElement }) => void): void }

const KEY_RULE = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/**
 * 模型设计: draws a process with bpmn-js (the bpmn.io mark stays on the canvas), new from a blank
 * start → task → end or opened from a deployed version, edits the selected element's properties,
 * downloads the file and deploys it as the next version of its key.
 */
export default function ModelerPage() {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const modeler = useRef<Modeler | null>(null);
  const [selected, setSelected] = useState<DiagramElement | null>(null);
  const [, setRevision] = useState(0);
  const [creating, setCreating] = useState(false);
  const [category, setCategory] = useState<string | undefined>();
  const [deployError, setDeployError] = useState<string | null>(null);
  const [form] = Form.useForm<{ key: string; name: string }>();
  const canDeploy = useCan('flow_model_deploy');
  const deployed = useQuery({ queryKey: ['flow-definitions', 'modeller'], queryFn: () => getData<Page<DefinitionRecord>>('/blade-flow/manager/list', { current: 1, size: 100 }) });

  const open = async (xml: string) => {
    const m = modeler.current;
    if (!m) return;
    await m.importXML(xml);
    m.get<Canvas>('canvas').zoom('fit-viewport', 'auto');
    setSelected(null);
    setDeployError(null);
  };

  useEffect(() => {
    if (!host.current) return undefined;
    const m = new Modeler({ container: host.current, moddleExtensions: { flowable: flowableModdle } });
    modeler.current = m;
    const bus = m.get<EventBus>('eventBus');
    bus.on('selection.changed', (e) => setSelected(e.newSelection?.length === 1 ? e.newSelection[0] ?? null : null));
    // The panel shows what the diagram holds after every change (an undo too).
    bus.on('elements.changed', () => setRevision((r) => r + 1));
    void open(blankDiagram('process_1', t('workflow.model.newName')));
    return () => {
      modeler.current = null;
      m.destroy();
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- one modeller per page

  const current = (): DiagramElement | null => selected ?? modeler.current?.get<Canvas>('canvas').getRootElement() ?? null;
  const parts = (): ModelerParts | null => (modeler.current ? { modeling: modeler.current.get('modeling'), moddle: modeler.current.get('moddle') } : null);
  const xml = async (): Promise<string> => {
    const saved = await modeler.current?.saveXML({ format: true });
    return saved?.xml ?? '';
  };
  const processKey = () => modeler.current?.get<Canvas>('canvas').getRootElement().businessObject.id ?? 'process';

  const download = async () => {
    const blob = new Blob([await xml()], { type: 'text/xml' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `${processKey()}.bpmn20.xml`;
    link.click();
    URL.revokeObjectURL(link.href);
  };
  const deploy = useMutation({
    mutationFn: async () => deployXml(await xml(), `${processKey()}.bpmn20.xml`, category),
    onSuccess: (d) => {
      setDeployError(null);
      toast.success(t('workflow.model.deployed', { name: d.name, version: d.version }));
      void deployed.refetch();
    },
    onError: (error: unknown) => setDeployError(error instanceof Error ? error.message : String(error)),
  });
  const openDeployed = async (id: string) => open((await fetchDefinitionXml(id)).xml);

  const element = current();
  const panelParts = parts();
  return (
    <Card className="entity-page" role="region" aria-label={t('workflow.model.title')}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Popconfirm title={t('workflow.model.discardConfirm')} onConfirm={() => { form.resetFields(); setCreating(true); }}>
          <Button>{t('workflow.model.new')}</Button>
        </Popconfirm>
        <Select showSearch placeholder={t('workflow.model.openDeployed')} style={{ width: 260 }} aria-label={t('workflow.model.openDeployed')}
          value={null} optionFilterProp="label" loading={deployed.isLoading}
          options={(deployed.data?.records ?? []).map((d) => ({ value: d.id, label: `${d.name}（${d.key} v${d.version}）` }))}
          onChange={(id: string) => void openDeployed(id)} />
        <Upload accept=".bpmn,.xml" showUploadList={false} beforeUpload={(file) => { void file.text().then(open).catch((e: unknown) => toast.error(String(e))); return false; }}>
          <Button>{t('workflow.model.import')}</Button>
        </Upload>
        <Button onClick={() => void download()}>{t('workflow.model.download')}</Button>
        {canDeploy && (
          <>
            <Select allowClear placeholder={t('workflow.category')} style={{ width: 140 }} value={category} onChange={setCategory} aria-label={t('workflow.category')}
              options={[{ value: '1', label: t('workflow.admin.leaveCategory') }]} />
            <Button type="primary" loading={deploy.isPending} onClick={() => deploy.mutate()}>{t('workflow.model.deploy')}</Button>
          </>
        )}
      </Space>
      {deployError && <Alert type="error" showIcon closable title={t('workflow.model.deployFailed')} description={deployError} style={{ marginBottom: 12 }} onClose={() => setDeployError(null)} />}
      <Row gutter={16}>
        <Col flex="auto"><div ref={host} className="bpmn-canvas bpmn-canvas-tall" data-testid="bpmn-modeler" /></Col>
        <Col flex="340px">{element && panelParts && <ElementProperties key={element.id} element={element} parts={panelParts} />}</Col>
      </Row>
      <Modal open={creating} title={t('workflow.model.new')} onCancel={() => setCreating(false)} onOk={() => form.submit()} destroyOnHidden>
        <Form form={form} layout="vertical" onFinish={(v) => { setCreating(false); void open(blankDiagram(v.key.trim(), v.name.trim())); }}>
          <Form.Item name="key" label={t('workflow.admin.key')} rules={[{ required: true, pattern: KEY_RULE, message: t('workflow.model.keyRule') }]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="name" label={t('workflow.processName')} rules={[{ required: true, whitespace: true, message: t('workflow.model.nameRequired') }]}>
            <Input maxLength={100} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
