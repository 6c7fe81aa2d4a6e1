/**
 * A new process as the modeller opens it: start → one user task → end, with its diagram, under
 * the given key and name (the key becomes the process id, which deploying versions by).
 */
export function blankDiagram(key: string, name: string): string {
  const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  id="definitions_${text(key)}" targetNamespace="http://www.flowable.org/processdef">
  <process id="${text(key)}" name="${text(name)}" isExecutable="true">
    <startEvent id="start" name="开始" flowable:initiator="initiator" />
    <sequenceFlow id="toTask" sourceRef="start" targetRef="task" />
    <userTask id="task" name="审批" flowable:assignee="\${initiator}" />
    <sequenceFlow id="toEnd" sourceRef="task" targetRef="end" />
    <endEvent id="end" name="结束" />
  </process>
  <bpmndi:BPMNDiagram id="diagram_${text(key)}">
    <bpmndi:BPMNPlane id="plane_${text(key)}" bpmnElement="${text(key)}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="152" y="102" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="task_di" bpmnElement="task"><dc:Bounds x="250" y="80" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="412" y="102" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="toTask_di" bpmnElement="toTask"><di:waypoint x="188" y="120" /><di:waypoint x="250" y="120" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="toEnd_di" bpmnElement="toEnd"><di:waypoint x="350" y="120" /><di:waypoint x="412" y="120" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>
`;
}
