import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import './bpmn-diagram.css';
import { Alert } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ProcessDiagramProps {
  xml: string;
  /** Elements the instance passed (green). */
  done?: string[];
  /** Elements the instance waits in (blue). */
  current?: string[];
}

interface Canvas {
  addMarker(id: string, marker: string): void;
  zoom(level: 'fit-viewport', center?: 'auto'): void;
}
interface Registry { get(id: string): unknown }

/**
 * A process's diagram, read-only with zoom and pan (bpmn-js NavigatedViewer; the bpmn.io mark
 * stays visible), its done and current steps highlighted.
 */
export default function ProcessDiagram({ xml, done = [], current = [] }: ProcessDiagramProps) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (!host.current) return undefined;
    const viewer = new NavigatedViewer({ container: host.current });
    let alive = true;
    viewer.importXML(xml).then(() => {
      if (!alive) return;
      const canvas = viewer.get<Canvas>('canvas');
      const registry = viewer.get<Registry>('elementRegistry');
      for (const id of done) if (registry.get(id) && !current.includes(id)) canvas.addMarker(id, 'bpmn-step-done');
      for (const id of current) if (registry.get(id)) canvas.addMarker(id, 'bpmn-step-current');
      canvas.zoom('fit-viewport', 'auto');
      setFailed(null);
    }, (error: unknown) => { if (alive) setFailed(error instanceof Error ? error.message : String(error)); });
    return () => {
      alive = false;
      viewer.destroy();
    };
  }, [xml, done.join(','), current.join(',')]); // eslint-disable-line react-hooks/exhaustive-deps -- the lists by value
  return (
    <div>
      <div className="bpmn-legend" aria-hidden>
        <span className="bpmn-legend-done">{t('workflow.diagram.done')}</span>
        <span className="bpmn-legend-current">{t('workflow.diagram.current')}</span>
      </div>
      {failed && <Alert type="error" showIcon title={t('workflow.diagram.unreadable', { reason: failed })} />}
      <div ref={host} className="bpmn-canvas" role="img" aria-label={t('workflow.diagram.title')} data-testid="process-diagram" />
    </div>
  );
}
