/**
 * The Flowable attributes the workflow reads from a BPMN file (who works on a user task, the
 * starter's variable), as a bpmn-moddle extension: the modeller reads and writes them as
 * `flowable:assignee="…"`, the names the server and BladeX's own files use.
 */
export const flowableModdle = {
  name: 'Flowable',
  prefix: 'flowable',
  uri: 'http://flowable.org/bpmn',
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types: [
    {
      name: 'UserTaskRules',
      extends: ['bpmn:UserTask'],
      properties: ['assignee', 'candidateUsers', 'candidateGroups', 'formKey'].map((name) => ({ name, isAttr: true, type: 'String' })),
    },
    {
      name: 'StartInitiator',
      extends: ['bpmn:StartEvent'],
      properties: [{ name: 'initiator', isAttr: true, type: 'String' }],
    },
  ],
};
