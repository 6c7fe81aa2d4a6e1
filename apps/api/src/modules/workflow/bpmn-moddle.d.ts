declare module 'bpmn-moddle' {
  /** The parts of bpmn-moddle's parse result the workflow reads. */
  export interface ModdleElement {
    $type: string;
    id?: string;
    name?: string;
    $attrs?: Record<string, string>;
    [key: string]: unknown;
  }
  export default class BpmnModdle {
    constructor(packages?: Record<string, unknown>);
    fromXML(xml: string, typeName?: string): Promise<{ rootElement: ModdleElement; warnings: { message: string }[] }>;
  }
}
