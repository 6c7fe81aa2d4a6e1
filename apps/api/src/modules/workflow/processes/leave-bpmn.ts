/**
 * The leave process of DOMAIN 10.2 as shipped and deployed by the seed (key `leave`): 审批人审批 by
 * `${taskUser}`, 分管领导审批 by the role `leader` when more than 3 days are approved, 调整申请 by the
 * applicant after a rejection (resubmit or give up). Flowable's attribute names, so BladeX's
 * modeller reads it too.
 */
export const LEAVE_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  id="leaveDefinitions" targetNamespace="http://www.flowable.org/processdef">
  <process id="leave" name="请假流程" isExecutable="true">
    <startEvent id="start" name="开始" flowable:initiator="applyUser" />
    <sequenceFlow id="toApprover" sourceRef="start" targetRef="approverTask" />
    <userTask id="approverTask" name="审批人审批" flowable:assignee="\${taskUser}" flowable:formKey="handle" />
    <sequenceFlow id="approverToDecision" sourceRef="approverTask" targetRef="approverDecision" />
    <exclusiveGateway id="approverDecision" name="审批人意见" />
    <sequenceFlow id="approverRejects" name="驳回" sourceRef="approverDecision" targetRef="adjustTask">
      <conditionExpression xsi:type="tFormalExpression">\${!pass}</conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="approverApprovesShort" name="同意，3天及以内" sourceRef="approverDecision" targetRef="end">
      <conditionExpression xsi:type="tFormalExpression">\${pass &amp;&amp; days &lt;= 3}</conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="approverApprovesLong" name="同意，超过3天" sourceRef="approverDecision" targetRef="leaderTask">
      <conditionExpression xsi:type="tFormalExpression">\${pass &amp;&amp; days &gt; 3}</conditionExpression>
    </sequenceFlow>
    <userTask id="leaderTask" name="分管领导审批" flowable:candidateGroups="leader" flowable:formKey="handle" />
    <sequenceFlow id="leaderToDecision" sourceRef="leaderTask" targetRef="leaderDecision" />
    <exclusiveGateway id="leaderDecision" name="领导意见" />
    <sequenceFlow id="leaderApproves" name="同意" sourceRef="leaderDecision" targetRef="end">
      <conditionExpression xsi:type="tFormalExpression">\${pass}</conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="leaderRejects" name="驳回" sourceRef="leaderDecision" targetRef="adjustTask">
      <conditionExpression xsi:type="tFormalExpression">\${!pass}</conditionExpression>
    </sequenceFlow>
    <userTask id="adjustTask" name="调整申请" flowable:assignee="\${applyUser}" flowable:formKey="adjust" />
    <sequenceFlow id="adjustToDecision" sourceRef="adjustTask" targetRef="adjustDecision" />
    <exclusiveGateway id="adjustDecision" name="重新申请或放弃" />
    <sequenceFlow id="resubmit" name="重新申请" sourceRef="adjustDecision" targetRef="approverTask">
      <conditionExpression xsi:type="tFormalExpression">\${pass}</conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="giveUp" name="放弃" sourceRef="adjustDecision" targetRef="cancelled">
      <conditionExpression xsi:type="tFormalExpression">\${!pass}</conditionExpression>
    </sequenceFlow>
    <endEvent id="end" name="结束" />
    <endEvent id="cancelled" name="放弃申请" />
  </process>
  <bpmndi:BPMNDiagram id="leaveDiagram">
    <bpmndi:BPMNPlane id="leavePlane" bpmnElement="leave">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="80" y="182" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="approverTask_di" bpmnElement="approverTask"><dc:Bounds x="170" y="160" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="approverDecision_di" bpmnElement="approverDecision" isMarkerVisible="true"><dc:Bounds x="325" y="175" width="50" height="50" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="leaderTask_di" bpmnElement="leaderTask"><dc:Bounds x="430" y="160" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="leaderDecision_di" bpmnElement="leaderDecision" isMarkerVisible="true"><dc:Bounds x="585" y="175" width="50" height="50" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="692" y="182" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="adjustTask_di" bpmnElement="adjustTask"><dc:Bounds x="430" y="330" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="adjustDecision_di" bpmnElement="adjustDecision" isMarkerVisible="true"><dc:Bounds x="325" y="345" width="50" height="50" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="cancelled_di" bpmnElement="cancelled"><dc:Bounds x="202" y="352" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="toApprover_di" bpmnElement="toApprover"><di:waypoint x="116" y="200" /><di:waypoint x="170" y="200" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="approverToDecision_di" bpmnElement="approverToDecision"><di:waypoint x="270" y="200" /><di:waypoint x="325" y="200" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="approverApprovesLong_di" bpmnElement="approverApprovesLong"><di:waypoint x="375" y="200" /><di:waypoint x="430" y="200" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="approverApprovesShort_di" bpmnElement="approverApprovesShort"><di:waypoint x="350" y="175" /><di:waypoint x="350" y="100" /><di:waypoint x="710" y="100" /><di:waypoint x="710" y="182" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="approverRejects_di" bpmnElement="approverRejects"><di:waypoint x="350" y="225" /><di:waypoint x="350" y="280" /><di:waypoint x="480" y="280" /><di:waypoint x="480" y="330" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="leaderToDecision_di" bpmnElement="leaderToDecision"><di:waypoint x="530" y="200" /><di:waypoint x="585" y="200" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="leaderApproves_di" bpmnElement="leaderApproves"><di:waypoint x="635" y="200" /><di:waypoint x="692" y="200" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="leaderRejects_di" bpmnElement="leaderRejects"><di:waypoint x="610" y="225" /><di:waypoint x="610" y="370" /><di:waypoint x="530" y="370" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="adjustToDecision_di" bpmnElement="adjustToDecision"><di:waypoint x="430" y="370" /><di:waypoint x="375" y="370" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="resubmit_di" bpmnElement="resubmit"><di:waypoint x="350" y="345" /><di:waypoint x="350" y="300" /><di:waypoint x="220" y="300" /><di:waypoint x="220" y="240" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="giveUp_di" bpmnElement="giveUp"><di:waypoint x="325" y="370" /><di:waypoint x="238" y="370" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>
`;
