import { useQuery } from '@tanstack/react-query';
import { Skeleton, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { loadWithTimeout } from '../../lib/with-timeout';
import { fetchDiagram } from './workflow-api';

/** bpmn-js comes in its own chunk, loaded when a diagram is first shown. */
const ProcessDiagram = lazy(() => loadWithTimeout(() => import('./bpmn/ProcessDiagram')));

/** An instance's diagram with its done and current steps (`process/diagram-view`). */
export function InstanceDiagram({ processInstanceId }: { processInstanceId: string }) {
  const { t } = useTranslation();
  const diagram = useQuery({ queryKey: ['flow-diagram', processInstanceId], queryFn: () => fetchDiagram(processInstanceId), enabled: !!processInstanceId });
  return (
    <section aria-label={t('workflow.diagram.title')}>
      <Typography.Title level={5} style={{ marginTop: 24 }}>{t('workflow.diagram.title')}</Typography.Title>
      {diagram.data ? (
        <Suspense fallback={<Skeleton active />}>
          <ProcessDiagram xml={diagram.data.xml} done={diagram.data.done} current={diagram.data.current} />
        </Suspense>
      ) : <Skeleton active loading={diagram.isLoading} />}
    </section>
  );
}
